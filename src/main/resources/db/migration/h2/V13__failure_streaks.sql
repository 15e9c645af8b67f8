-- Company data sets that keep failing (README, "How a run works"): per company data set, how many runs in a row
-- failed it (0 after a run that read it to its end) and when the first of them failed (null: not failing). A
-- stopped or deferred run leaves both as they were (io.ledgersync.sync.partition.PartitionOutcomeListener).
-- Rows of a warehouse upgraded to this version start at 0 and null: the streaks count from the upgrade on.
ALTER TABLE sync_state ADD COLUMN consecutive_failures INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE sync_state ADD COLUMN failing_since TIMESTAMP WITH TIME ZONE;
