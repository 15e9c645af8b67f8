/**
 * The data set files ({@code jobs/*.yml} and {@code ./jobs/}): parsed and checked ({@link
 * io.ledgersync.sync.dataset.DataSetCatalog}; what no file may declare, whole and across files, in {@code DataSetFileRules}
 * and {@code OwnTables}), the tables and columns they make, how a record maps to a row, and the
 * table map that {@code schema} prints.
 */
package io.ledgersync.sync.dataset;
