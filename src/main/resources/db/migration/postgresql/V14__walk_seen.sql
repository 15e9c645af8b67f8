-- Write only what changed (issue 28): a full walk no longer rewrites the records it reads unchanged, so their
-- synced_at no longer tells that the walk saw them. The ids of the records a full walk's pass read but did not write
-- are kept here, in the chunk's transaction, until the walk completes; marking deleted what the walk did not see is
-- then an anti-join (io.ledgersync.warehouse.SeenIds). A logged table: an unlogged one is emptied by a crash of the
-- server, and a resumed walk would then take the records its committed pages saw for deleted.
CREATE TABLE walk_seen (
    table_name TEXT NOT NULL,
    company_id TEXT NOT NULL,
    pass_from  TIMESTAMP WITH TIME ZONE NOT NULL,
    record_id  TEXT NOT NULL
);
CREATE INDEX walk_seen_ids ON walk_seen (table_name, company_id, pass_from, record_id);
