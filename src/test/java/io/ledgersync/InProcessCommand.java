package io.ledgersync;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A command that ends by itself ({@code sync}, {@code schema}, the connector verbs) run in this JVM, as
 * {@code java -jar ledgersync.jar} runs it: through {@link LedgersyncApplication#run} with its standard output and
 * standard error captured ({@link io.ledgersync.trigger.cli.CommandOutput#resultOnly} sends the log to the latter,
 * and {@code System.err} is it while the command runs).
 * For the tests of what a command prints and does, where a JVM of its own ({@link LedgersyncJvm}) would prove nothing
 * more and cost a cold start each time: exit codes of the real {@code java -jar}, signals and crashes stay there. It
 * reads this JVM's environment (a test JVM has no LEDGERSYNC_ variables; the tests pass settings as options).
 * Not thread-safe: {@code System.out} and {@code System.err} are this JVM's while the command runs.
 */
record InProcessCommand(String name, int exitCode, String stdout, String stderr) {

    /** Runs {@code ledgersync <arguments>} to its end; {@code name} names it in assertion messages. */
    static InProcessCommand run(String name, List<String> arguments) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode;
        PrintStream systemErr = System.err;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setErr(errStream); // a process has one standard error: what prints to System.err lands there too
            exitCode = LedgersyncApplication.run(arguments.toArray(String[]::new), outStream, errStream);
        } finally {
            System.setErr(systemErr);
        }
        if (exitCode == LedgersyncApplication.KEEP_RUNNING) {
            throw new IllegalArgumentException(name + ": " + arguments + " is a service, not a command that ends by itself");
        }
        return new InProcessCommand(name, exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** What it told the operator on standard error, without the log's lines (as {@link LedgersyncJvm#stderrLines}). */
    List<String> stderrLines() {
        return LedgersyncJvm.withoutLog(stderr);
    }

    /** For assertion messages: the exit code, then what it printed. */
    String describe() {
        return name + " (exit " + exitCode + ")\n--- stderr\n" + stderr + "\n--- stdout\n" + stdout;
    }
}
