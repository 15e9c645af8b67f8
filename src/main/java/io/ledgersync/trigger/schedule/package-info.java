/**
 * The schedules: the nightly incremental run and the deferred retries (cron expressions from configuration), the run
 * at start, the retention of old runs, and stopping active runs when the service shuts down.
 */
package io.ledgersync.trigger.schedule;
