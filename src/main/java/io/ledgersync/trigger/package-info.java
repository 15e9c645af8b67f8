/**
 * What starts runs: {@code cli} (the command line: sync, schema, exit codes, signals), {@code api} (the REST API
 * under /api with its security and problem details) and {@code schedule} (the nightly and deferred schedules, the run
 * at start, stopping runs on shutdown). The three never use each other ({@code
 * ArchitectureTests.triggerSubPackagesAreIndependent}); each uses the sync's run and history parts. What they share
 * lives here: {@link io.ledgersync.trigger.RequiredSettings}, the settings a command cannot start without, and
 * {@link io.ledgersync.trigger.H2Directory}, the folder of an H2 file warehouse (the API keeps its generated password
 * there; {@code schema --dbt} never writes there).
 */
package io.ledgersync.trigger;
