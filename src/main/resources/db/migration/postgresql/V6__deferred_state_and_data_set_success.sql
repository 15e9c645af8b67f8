-- One name for one state: a company data set that answered 409 is DEFERRED (it was NOT_READY here,
-- and DEFERRED as a partition's outcome).
UPDATE sync_state SET state = 'DEFERRED' WHERE state = 'NOT_READY';

-- When each data set was last synced successfully: by a full run over all companies in which none
-- of its partitions failed or stopped (deferred and unsupported partitions count as done). Written
-- at the end of each such run; before, it was derived from Spring Batch's step names, which made a
-- naming habit a data contract.
CREATE TABLE data_set_success (
    data_set    TEXT NOT NULL PRIMARY KEY,
    run_id      BIGINT NOT NULL,
    finished_at TIMESTAMP WITH TIME ZONE NOT NULL
);

-- Carried over once from the job repository, as the query it replaces read it (partitions are the
-- steps named "<data set>:<partition>"; Batch stores the local time of the JVM that ran them).
INSERT INTO data_set_success (data_set, run_id, finished_at)
SELECT p.data_set, MAX(p.job_execution_id), CAST(MAX(p.finished_at) AS TIMESTAMP WITH TIME ZONE)
FROM (
    SELECT s.job_execution_id,
           SUBSTRING(s.step_name FROM 1 FOR POSITION(':' IN s.step_name) - 1) AS data_set,
           MAX(s.end_time) AS finished_at,
           SUM(CASE WHEN s.status = 'COMPLETED' AND s.end_time IS NOT NULL THEN 0 ELSE 1 END) AS unsuccessful
    FROM batch_step_execution s
    WHERE s.step_name LIKE '%:%'
    GROUP BY s.job_execution_id, SUBSTRING(s.step_name FROM 1 FOR POSITION(':' IN s.step_name) - 1)
) p
WHERE p.unsuccessful = 0
  AND NOT EXISTS (SELECT 1 FROM batch_job_execution_params m
                  WHERE m.job_execution_id = p.job_execution_id AND m.parameter_name = 'mode' AND m.parameter_value <> 'FULL')
  AND NOT EXISTS (SELECT 1 FROM batch_job_execution_params c
                  WHERE c.job_execution_id = p.job_execution_id AND c.parameter_name = 'companies' AND c.parameter_value <> '')
GROUP BY p.data_set;
