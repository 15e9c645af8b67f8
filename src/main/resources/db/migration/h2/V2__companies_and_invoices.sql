-- Data-set tables: typed columns from jobs/*.yml, the whole record in raw, and who wrote it when.
CREATE TABLE companies (
    id           VARCHAR(255) NOT NULL PRIMARY KEY,
    name         VARCHAR,
    description  VARCHAR,
    platform     VARCHAR,
    redirect     VARCHAR,
    last_sync    TIMESTAMP WITH TIME ZONE,
    created      TIMESTAMP WITH TIME ZONE,
    raw          CHARACTER LARGE OBJECT NOT NULL,
    synced_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    run_id       BIGINT NOT NULL
);

CREATE TABLE invoices (
    company_id           VARCHAR(255) NOT NULL,
    id                   VARCHAR(255) NOT NULL,
    invoice_number       VARCHAR,
    customer_id          VARCHAR,
    customer_name        VARCHAR,
    issue_date           TIMESTAMP WITH TIME ZONE,
    due_date             TIMESTAMP WITH TIME ZONE,
    paid_on_date         TIMESTAMP WITH TIME ZONE,
    modified_date        TIMESTAMP WITH TIME ZONE,
    source_modified_date TIMESTAMP WITH TIME ZONE,
    status               VARCHAR(32),
    currency             VARCHAR(8),
    currency_rate        NUMERIC(19, 6),
    sub_total            NUMERIC(19, 4),
    total_tax_amount     NUMERIC(19, 4),
    total_discount       NUMERIC(19, 4),
    total_amount         NUMERIC(19, 4),
    amount_due           NUMERIC(19, 4),
    is_deleted           BOOLEAN,
    raw                  CHARACTER LARGE OBJECT NOT NULL,
    synced_at            TIMESTAMP WITH TIME ZONE NOT NULL,
    run_id               BIGINT NOT NULL,
    PRIMARY KEY (company_id, id)
);

CREATE INDEX invoices_modified_date ON invoices (company_id, modified_date);
