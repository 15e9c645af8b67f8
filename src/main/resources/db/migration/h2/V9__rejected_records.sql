-- Records the Data API sent that cannot be stored (no key, a value that does not fit its typed column, a NUL):
-- set aside here with why, as received, while the rest of their page is written (issue 17). A record is tried
-- again on every run, and its row goes when it is stored. raw is text as received.
CREATE TABLE rejected_records (
    data_set      VARCHAR NOT NULL,
    company_id    VARCHAR NOT NULL,         -- '' for a top-level data set (companies)
    record_key    VARCHAR NOT NULL,         -- the record's id, or 'sha256:<hex of raw>' when it has none
    record_id     VARCHAR,                  -- the record's id; null when it has none
    field         VARCHAR NOT NULL,         -- the source field at fault, e.g. totalAmount, or raw
    reason        VARCHAR NOT NULL,
    raw           CHARACTER LARGE OBJECT NOT NULL,
    first_seen_at TIMESTAMP WITH TIME ZONE NOT NULL,
    last_seen_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    last_run_id   BIGINT NOT NULL,
    PRIMARY KEY (data_set, company_id, record_key)
);
