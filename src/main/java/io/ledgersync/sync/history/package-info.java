/**
 * What runs did, read back from the job repository: the report of a run, its live progress and detail (per
 * partition), why a partition failed in one line, the status of every company data set, and the retention of old runs.
 */
package io.ledgersync.sync.history;
