/**
 * The command line: {@code sync} and {@code schema} run once and exit with a code that says how it went ({@link
 * io.ledgersync.trigger.cli.ExitCode}); their options are checked before the application starts, and signals stop a run
 * at a page boundary.
 */
package io.ledgersync.trigger.cli;
