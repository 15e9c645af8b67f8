/**
 * Ledgersync's own tables beside the data: {@code sync_state} (per company data set: deferrals, watermarks, last
 * outcome), {@code rejected_records}, the last successful sync of each data set, and the purge of old runs from the job
 * repository.
 */
package io.ledgersync.warehouse.state;
