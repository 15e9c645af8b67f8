/**
 * What differs between the databases the warehouse runs on, behind {@link io.ledgersync.warehouse.dialect.Dialect}:
 * column types, the upsert statement, batched (H2) or COPY (PostgreSQL) writes, child rows replaced with their parent,
 * and which run locks and schema lock a database gives.
 */
package io.ledgersync.warehouse.dialect;
