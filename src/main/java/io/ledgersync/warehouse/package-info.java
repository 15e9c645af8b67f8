/**
 * The warehouse: the database ledgersync writes, H2 or PostgreSQL. Its face on top: {@link
 * io.ledgersync.warehouse.Warehouse} (pages upserted with their child rows in the chunk's transaction, deletes marked),
 * {@link io.ledgersync.warehouse.WarehouseSchema}, which keeps the data set tables in line with their files and
 * delegates to one class per concern ({@code TableDefinitions} the DDL, {@code LiveTables} the shape the database
 * has, {@code SchemaLog} the {@code data_set_schema} record, {@code Refill} and {@code Rebuild} the tables filled again
 * from raw over a {@code TableScan}), and the wiring. Below it, each using only those under it
 * ({@code ArchitectureTests.warehouseLayers}): {@code state} (ledgersync's own tables: sync_state, rejected records,
 * run history and its purge), {@code history} (the records' versions when a data set keeps history: the history
 * tables' DDL, the versions written beside the current rows, their purge; {@code HistorySeed} above seeds them from
 * raw), {@code dialect} (what differs between the databases: SQL types, upserts, COPY, which
 * locks), and at the bottom {@code lock} (run locks, the schema lock) and {@code table} (tables, columns and rows as
 * data).
 */
package io.ledgersync.warehouse;
