-- Runs no longer lease rows of run_lock: a lease outlived a killed process by its whole duration,
-- so the next run had to wait it out. Exclusivity now lives as long as its holder: an advisory
-- lock of the holder's session on PostgreSQL, a lock in the one process that has the file open on
-- H2 (warehouse/RunLocks). Stop every instance before this upgrade: an older one would still look
-- for the table.
DROP TABLE IF EXISTS run_lock;
