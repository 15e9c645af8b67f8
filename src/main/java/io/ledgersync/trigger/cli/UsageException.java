package io.ledgersync.trigger.cli;

/**
 * The command line asks for something no command does (an unknown option, a missing value, an unknown data set):
 * its message is the one line that names the problem and the fix. Exit code {@link ExitCode#USAGE}. Immutable.
 */
public class UsageException extends RuntimeException {

    public UsageException(String problem) {
        super(problem + "; see --help");
    }
}
