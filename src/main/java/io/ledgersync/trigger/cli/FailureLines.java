package io.ledgersync.trigger.cli;

/**
 * Tells a failure as its exit code and one line that says what to do: the application's own reading of why a start
 * fails (a database that is missing, refuses the login, cannot be reached; a setting that is missing), which the
 * application supplies, so that {@code check} says what a start would say.
 */
@FunctionalInterface
public interface FailureLines {

    Line of(Throwable failure);

    /** A failure told. */
    record Line(ExitCode code, String text) {
    }
}
