/**
 * The warehouse: the database ledgersync writes, H2 or PostgreSQL. Its face on top: {@link
 * io.ledgersync.warehouse.Warehouse} (pages upserted with their child rows in the chunk's transaction, deletes marked),
 * the schema manager that keeps the data set tables in line with their files, and the wiring. Below it, each using only
 * those under it ({@code ArchitectureTests.warehouseLayers}): {@code state} (ledgersync's own tables: sync_state,
 * rejected records, run history and its purge), {@code dialect} (what differs between the databases: SQL types,
 * upserts, COPY), and at the bottom {@code lock} (run locks) and {@code table} (tables, columns and rows as data).
 */
package io.ledgersync.warehouse;
