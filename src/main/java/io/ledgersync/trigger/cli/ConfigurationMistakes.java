package io.ledgersync.trigger.cli;

import java.util.List;

/**
 * The configuration cannot make a start: every mistake found, one line each that names it and the fix (a data set file,
 * a --rebuild target, a missing setting). Exit code {@link ExitCode#USAGE}. Immutable.
 */
public final class ConfigurationMistakes extends RuntimeException {

    private final List<String> lines;

    ConfigurationMistakes(List<String> lines) {
        super(String.join("\n", lines), null, false, false); // no trace: the lines are the whole story
        this.lines = List.copyOf(lines);
    }

    /** One line per mistake. */
    public List<String> lines() {
        return lines;
    }
}
