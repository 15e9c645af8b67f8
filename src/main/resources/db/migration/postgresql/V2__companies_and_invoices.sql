-- Data-set tables: typed columns from jobs/*.yml, the whole record in raw, and who wrote it when.
CREATE TABLE companies (
    id           TEXT NOT NULL PRIMARY KEY,
    name         TEXT,
    description  TEXT,
    platform     TEXT,
    redirect     TEXT,
    last_sync    TIMESTAMP WITH TIME ZONE,
    created      TIMESTAMP WITH TIME ZONE,
    raw          JSONB NOT NULL,
    synced_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    run_id       BIGINT NOT NULL
);

CREATE TABLE invoices (
    company_id           TEXT NOT NULL,
    id                   TEXT NOT NULL,
    invoice_number       TEXT,
    customer_id          TEXT,
    customer_name        TEXT,
    issue_date           TIMESTAMP WITH TIME ZONE,
    due_date             TIMESTAMP WITH TIME ZONE,
    paid_on_date         TIMESTAMP WITH TIME ZONE,
    modified_date        TIMESTAMP WITH TIME ZONE,
    source_modified_date TIMESTAMP WITH TIME ZONE,
    status               TEXT,
    currency             TEXT,
    currency_rate        NUMERIC(19, 6),
    sub_total            NUMERIC(19, 4),
    total_tax_amount     NUMERIC(19, 4),
    total_discount       NUMERIC(19, 4),
    total_amount         NUMERIC(19, 4),
    amount_due           NUMERIC(19, 4),
    is_deleted           BOOLEAN,
    raw                  JSONB NOT NULL,
    synced_at            TIMESTAMP WITH TIME ZONE NOT NULL,
    run_id               BIGINT NOT NULL,
    PRIMARY KEY (company_id, id)
);

CREATE INDEX invoices_modified_date ON invoices (company_id, modified_date);
