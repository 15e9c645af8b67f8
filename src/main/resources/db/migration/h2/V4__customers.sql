-- The customers data set (jobs/customers.yml).
CREATE TABLE customers (
    company_id          VARCHAR(255) NOT NULL,
    id                  VARCHAR(255) NOT NULL,
    customer_name       VARCHAR,
    contact_name        VARCHAR,
    email_address       VARCHAR,
    default_currency    VARCHAR(8),
    registration_number VARCHAR,
    tax_number          VARCHAR,
    status              VARCHAR(32),
    modified_date       TIMESTAMP WITH TIME ZONE,
    is_deleted          BOOLEAN,
    raw                 CHARACTER LARGE OBJECT NOT NULL,
    synced_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    run_id              BIGINT NOT NULL,
    PRIMARY KEY (company_id, id)
);
