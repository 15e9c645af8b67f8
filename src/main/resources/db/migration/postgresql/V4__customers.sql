-- The customers data set (jobs/customers.yml).
CREATE TABLE customers (
    company_id          TEXT NOT NULL,
    id                  TEXT NOT NULL,
    customer_name       TEXT,
    contact_name        TEXT,
    email_address       TEXT,
    default_currency    TEXT,
    registration_number TEXT,
    tax_number          TEXT,
    status              TEXT,
    modified_date       TIMESTAMP WITH TIME ZONE,
    is_deleted          BOOLEAN,
    raw                 JSONB NOT NULL,
    synced_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    run_id              BIGINT NOT NULL,
    PRIMARY KEY (company_id, id)
);
