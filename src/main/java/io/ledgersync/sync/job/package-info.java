/**
 * The sync job's wiring: the job with one partitioned step per data set (companies first), the steps' readers,
 * writers and listeners, and the steps a cluster worker runs. The only part that knows them all.
 */
package io.ledgersync.sync.job;
