/**
 * The schedules: the nightly incremental run, the weekly full refresh and the deferred retries (cron expressions from
 * configuration); at start, the resumption of runs a stop left unfinished and the startup run; the retention of old
 * runs, and stopping active runs when the service shuts down.
 */
package io.ledgersync.trigger.schedule;
