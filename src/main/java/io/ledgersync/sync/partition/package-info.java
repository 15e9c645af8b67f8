/**
 * A data set's partitions: one per company, or one for a top-level data set ({@link
 * io.ledgersync.sync.partition.DataSetPartitioner}), the companies a request selects, and what a partition's end
 * records (sync_state, deferrals, deletes of a complete full walk).
 */
package io.ledgersync.sync.partition;
