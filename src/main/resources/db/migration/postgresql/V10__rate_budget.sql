-- Cluster mode's rate budget, shared by the manager and every worker (io.ledgersync.cluster.SharedRateBudget):
-- one Bucket4j bucket per deployment (ledgersync.cluster.name), its state serialized by Bucket4j.
-- PostgreSQL only: cluster mode refuses to start on H2.
CREATE TABLE rate_budget (
    id    VARCHAR(100) PRIMARY KEY,
    state BYTEA
);
