-- Indexes on the foreign keys of Spring Batch's tables, which PostgreSQL does not create by itself
-- (H2 does, V8 there is empty). Without them every read of a run's steps (GET /api/runs reads 20
-- runs' steps per page) and every row the history purge deletes from a parent table scans a whole
-- child table, so both slow down as the history grows: with a year of nightly runs, the purge of
-- 275 days took twice as long (0.85 s against 0.43 s) and a page of GET /api/runs up to twice as
-- long (bench/BENCHMARKS.md, "History purge").
CREATE INDEX IF NOT EXISTS batch_step_execution_job_execution ON batch_step_execution (job_execution_id);
CREATE INDEX IF NOT EXISTS batch_job_execution_job_instance ON batch_job_execution (job_instance_id);
CREATE INDEX IF NOT EXISTS batch_job_execution_params_job_execution ON batch_job_execution_params (job_execution_id);
