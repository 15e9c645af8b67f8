/**
 * History mode of a data set ({@code history: true}, docs/history.md): every version of each record in
 * {@code <table>_history}, its items in {@code <child>_history}. {@link io.ledgersync.warehouse.history.HistoryTables}
 * their DDL, {@link io.ledgersync.warehouse.history.VersionWriter} the versions written in the transaction of the
 * current rows (only when the {@link io.ledgersync.warehouse.history.RawHash} changed) and closed by deletes,
 * {@link io.ledgersync.warehouse.history.VersionPurge} the versions closed before {@code ledgersync.history.keep}. The
 * records' history, not the runs' (that is {@code state.RunPurge} and {@code sync.history}).
 */
package io.ledgersync.warehouse.history;
