/**
 * The command line: {@code sync} and {@code schema} run once and exit with a code that says how it went ({@link
 * io.ledgersync.trigger.cli.ExitCode}); {@code sync --json} prints its summary as one JSON document ({@link
 * io.ledgersync.trigger.cli.SyncSummaryJson}). Their options are checked before the application starts, the
 * configuration once Boot has read it and before any bean ({@link io.ledgersync.trigger.cli.ConfigurationPreflight}:
 * every mistake, one line each, exit 2), and signals stop a run at a page boundary. The connector verbs: {@code check}
 * (the Data API, the warehouse and the broker answer, one line each), {@code status} and {@code runs} (what the REST
 * API's {@code /api/status} and {@code /api/runs} tell, as a table or their JSON) and {@code reset} (watermarks
 * forgotten, so that the next run reads whole).
 */
package io.ledgersync.trigger.cli;
