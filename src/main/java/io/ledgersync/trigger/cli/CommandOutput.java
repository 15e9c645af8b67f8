package io.ledgersync.trigger.cli;

import java.io.PrintStream;
import java.util.function.IntSupplier;

/**
 * A command's standard output carries its result alone (a run's summary, the table map, a status), so that a script can
 * read it, pipe it or parse it; the log, and whatever a library prints, goes to standard error with the command's own
 * one-line messages. The command's beans print their result here; {@link #resultOnly} sends {@code System.out}, where
 * the console log writes, to standard error while the command runs. {@code serve}, {@code worker} and {@code sandbox}
 * are services: their log stays on standard output, as a container's log collector expects. Thread-safe as
 * {@link PrintStream} is.
 */
public final class CommandOutput {

    private final PrintStream result;

    public CommandOutput(PrintStream result) {
        this.result = result;
    }

    /** One line of the command's result. */
    public void println(String line) {
        result.println(line);
    }

    /** Text of the command's result, as it is (a table map ends its own lines). */
    public void print(String text) {
        result.print(text);
        result.flush();
    }

    /**
     * Runs a command with {@code System.out} sent to {@code err}: the console log (Logback's console appender writes to
     * whatever {@code System.out} is at each event) and any stray print then reach standard error, and only what the
     * command prints through a {@code CommandOutput} on the stream it was given reaches standard output. Restored after.
     */
    public static int resultOnly(PrintStream err, IntSupplier command) {
        PrintStream previous = System.out;
        System.setOut(err);
        try {
            return command.getAsInt();
        } finally {
            System.setOut(previous);
        }
    }
}
