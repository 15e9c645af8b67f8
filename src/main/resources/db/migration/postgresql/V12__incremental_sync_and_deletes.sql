-- Incremental syncs and deletes (README, "Keeping in step").
-- deleted_at on every data-set table is a standard column (warehouse.StandardColumns): the start that follows adds
-- it to the tables V2 and V4 made, as it does to every table it creates.

-- Per company data set: the watermark an incremental walk reads from (minus the lookback), advanced only after the
-- walk that justifies it completed, and when a full and an incremental walk last completed.
ALTER TABLE sync_state ADD COLUMN watermark TIMESTAMP WITH TIME ZONE;
ALTER TABLE sync_state ADD COLUMN last_full_success_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE sync_state ADD COLUMN last_incremental_success_at TIMESTAMP WITH TIME ZONE;

-- Per run, company and data set: which walk it was, how many rows it marked deleted, and what drift or refused
-- deletes it met (null: none).
ALTER TABLE sync_reconciliation ADD COLUMN walk VARCHAR(20);
ALTER TABLE sync_reconciliation ADD COLUMN marked_deleted BIGINT;
ALTER TABLE sync_reconciliation ADD COLUMN note VARCHAR(1000);
