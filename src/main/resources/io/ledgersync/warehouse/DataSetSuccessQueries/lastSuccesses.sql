-- Partitions are the steps named "<data set>:<partition>" (invoices:company-42, companies:all).
-- A data set counts as synced by a run when the run was a full one over all companies (a deferred
-- run, or one asked for a few companies, reads only part of it) and every one of its partitions in
-- that run COMPLETED: a 409 deferral or a 404 unsupported completes too, a FAILED or STOPPED one
-- does not. A run without a "mode" parameter predates deferred runs and was a full one.
SELECT p.data_set, MAX(p.finished_at) AS finished_at
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
GROUP BY p.data_set
