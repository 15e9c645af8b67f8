package io.ledgersync;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A ledgersync command in a JVM of its own, started as an operator starts it: as {@code bin/ledgersync} starts the
 * packaged jar when it is built ({@code target/ledgersync.jar}, as in {@code verify}), from its fast-start layout
 * ({@code target/cds/}, {@link FastStart}) when that was made from it; otherwise the test classpath.
 * Its standard output and standard error go to two files under {@code target/jvm-tests/}, kept for
 * a failing test to show. Its environment is this JVM's without what would change what it does or
 * prints (ledgersync's and Spring's variables; {@code JAVA_TOOL_OPTIONS} and its kin, which the JVM
 * announces on standard error), plus what the test gives. For tests of what only a real process
 * shows: exit codes and what reaches the terminal, kill -9, signals, two processes at once.
 * Not thread-safe: one test drives it.
 */
public final class LedgersyncJvm {

    private static final Path LOGS = Path.of("target", "jvm-tests");

    /** How a line of the log begins: Spring Boot's console pattern starts with the ISO date and time. */
    private static final Pattern LOG_LINE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}");

    /**
     * Every process started here, killed when this JVM ends: a test that fails before it stops its processes (a
     * {@code serve} never ends by itself) must not leave them running beside the next tests and builds.
     */
    private static final Set<Process> LEFT_RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LEFT_RUNNING.forEach(Process::destroyForcibly),
                "ledgersync-jvm-reaper"));
    }

    /**
     * A process started in the background by a shell without job control (nohup, {@code &} in a script, some CI
     * runners) ignores SIGINT, and so does every process it starts, this JVM's too: then {@link #interrupt} would test
     * nothing. GNU env gives the process SIGINT back as a terminal has it, where env has that option.
     */
    private static final List<String> INTERACTIVE_SIGINT = resetsSigint() ? List.of("env", "--default-signal=INT") : List.of();

    private final String name;
    private final Process process;
    private final Path out;
    private final Path err;

    private LedgersyncJvm(String name, Process process, Path out, Path err) {
        this.name = name;
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /**
     * Starts {@code java -jar ledgersync.jar <arguments>}.
     *
     * @param name names its output files, unique per test run (e.g. "sigterm-first")
     */
    public static LedgersyncJvm start(String name, List<String> arguments) {
        return start(name, arguments, Map.of());
    }

    /** As {@link #start(String, List)}, with these environment variables set. */
    public static LedgersyncJvm start(String name, List<String> arguments, Map<String, String> environment) {
        List<String> command = new ArrayList<>(INTERACTIVE_SIGINT);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // small and quick to start: these JVMs sync a few thousand records; the serial collector spends the
                // least CPU on such a heap, and the test JVMs beside them need it too
                "-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Djava.io.tmpdir=" + Path.of("target", "tmp").toAbsolutePath()));
        Path jar = Path.of("target", "ledgersync.jar");
        if (FastStart.madeFrom(jar)) {
            command.addAll(FastStart.javaArguments(jar));
        } else if (Files.exists(jar)) {
            command.addAll(List.of("-jar", jar.toString()));
        } else {
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.ledgersync.LedgersyncApplication"));
        }
        command.addAll(arguments);
        try {
            Files.createDirectories(LOGS);
            Files.createDirectories(Path.of("target", "tmp"));
            Path out = LOGS.resolve(name + ".out");
            Path err = LOGS.resolve(name + ".err");
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().keySet().removeIf(variable -> variable.startsWith("LEDGERSYNC_") || variable.startsWith("SPRING_")
                    || variable.equals("JAVA_TOOL_OPTIONS") || variable.endsWith("_JAVA_OPTIONS"));
            builder.environment().putAll(environment);
            Process process = builder.start();
            LEFT_RUNNING.add(process);
            return new LedgersyncJvm(name, process, out, err);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + command, e);
        }
    }

    private static boolean resetsSigint() {
        try {
            return new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** SIGTERM, as Kubernetes, systemd or {@code kill} send it: the process may stop in order. */
    public void terminate() {
        process.destroy();
    }

    /** SIGINT, as Ctrl-C in its terminal (or under {@code ./mvnw spring-boot:run}) sends it. */
    public void interrupt() {
        try {
            int exit = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start().waitFor();
            if (exit != 0) {
                throw new IllegalStateException("kill -INT " + process.pid() + " exited " + exit);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The first group of {@code regex} in the first line of its standard output that matches it; null if none does. */
    public String outputGroup(String regex) {
        Pattern pattern = Pattern.compile(regex);
        return stdout().lines().map(pattern::matcher).filter(java.util.regex.Matcher::find).map(matcher -> matcher.group(1))
                .findFirst().orElse(null);
    }

    /** SIGKILL: no handler, no shutdown hook, no cleanup; the connections drop with the process. */
    public void kill() {
        process.destroyForcibly();
    }

    /** Waits for the process to end and returns its exit code. */
    public int awaitExit(Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(50)).alias(name + " exits").until(() -> !process.isAlive());
        return process.exitValue();
    }

    /**
     * Waits until its output has a line matching {@code regex}, failing fast if it ends first: standard output and
     * standard error both, since a command's log is on standard error and a service's on standard output.
     */
    public void awaitOutput(String regex, Duration atMost) {
        Pattern pattern = Pattern.compile(regex);
        await().atMost(atMost).pollInterval(Duration.ofMillis(100)).alias(name + " prints " + regex)
                .failFast(name + " ended before it printed " + regex, () -> !process.isAlive() && !matches(pattern))
                .until(() -> matches(pattern));
    }

    private boolean matches(Pattern pattern) {
        return output().lines().anyMatch(line -> pattern.matcher(line).find());
    }

    /** All it printed, standard output then standard error: for what a command's or a service's log says. */
    public String output() {
        return stdout() + stderr();
    }

    public String stdout() {
        return read(out);
    }

    public String stderr() {
        return read(err);
    }

    /**
     * The lines it wrote to standard error for the operator to read, without the log's lines (a command's log goes to
     * standard error too): the one-line messages that say what failed and what to do.
     */
    public List<String> stderrLines() {
        return withoutLog(stderr());
    }

    /** The lines of {@code text} that are not the log's, nor blank: what a command told the operator. */
    public static List<String> withoutLog(String text) {
        return text.lines().filter(line -> !line.isBlank() && !LOG_LINE.matcher(line).lookingAt()).toList();
    }

    /** The lines of the log on standard error (a command's log; a service logs on standard output). */
    public List<String> stderrLogLines() {
        return stderr().lines().filter(line -> LOG_LINE.matcher(line).lookingAt()).toList();
    }

    /** For assertion messages: the exit code (if ended), then what it printed. */
    public String describe() {
        return name + (process.isAlive() ? " (running)" : " (exit " + process.exitValue() + ")") + "\n--- stderr\n" + stderr()
                + "\n--- stdout (" + out.toAbsolutePath() + ")\n" + tail(stdout(), 60);
    }

    private static String tail(String text, int lines) {
        List<String> all = text.lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private static String read(Path file) {
        try {
            // bytes, not readString: a file still being written may end inside a character
            return Files.exists(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
