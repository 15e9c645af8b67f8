-- Where each company's data set stands between runs: deferred (409), unsupported (404), failed or ok.
CREATE TABLE sync_state (
    company_id          TEXT NOT NULL,
    data_set            TEXT NOT NULL,
    state               TEXT        NOT NULL,
    attempts            INTEGER      NOT NULL,
    next_attempt_at     TIMESTAMP WITH TIME ZONE,
    last_success_at     TIMESTAMP WITH TIME ZONE,
    last_error          TEXT,
    last_correlation_id TEXT,
    last_run_id         BIGINT       NOT NULL,
    updated_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (company_id, data_set)
);

CREATE INDEX sync_state_due ON sync_state (state, next_attempt_at);

-- Per run, company and data set: records written against the totalResults the source announced.
CREATE TABLE sync_reconciliation (
    run_id          BIGINT       NOT NULL,
    company_id      TEXT NOT NULL,
    data_set        TEXT NOT NULL,
    records_read    BIGINT       NOT NULL,
    total_results   BIGINT       NOT NULL,
    matched         BOOLEAN      NOT NULL,
    recorded_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (run_id, company_id, data_set)
);

-- One row per kind of run; whoever holds a row's lease runs that kind. Leases expire, so a
-- process killed while holding one blocks the next run only until its lease runs out.
CREATE TABLE run_lock (
    name        TEXT NOT NULL PRIMARY KEY,
    owner       TEXT,
    acquired_at TIMESTAMP WITH TIME ZONE,
    expires_at  TIMESTAMP WITH TIME ZONE
);

INSERT INTO run_lock (name) VALUES ('full');
INSERT INTO run_lock (name) VALUES ('deferred');
