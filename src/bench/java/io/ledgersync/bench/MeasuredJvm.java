package io.ledgersync.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One measurement in a JVM of its own, so that no run inherits another's heap, JIT or caches: the command's output
 * goes to a log, and its {@code RESULT key=value ...} lines are what it measured.
 *
 * @param exitValue the JVM's exit value (-1 if it had to be killed after 30 minutes)
 * @param figures the key=value pairs of its RESULT lines; empty if it printed none
 */
public record MeasuredJvm(int exitValue, Map<String, String> figures) {

    public static MeasuredJvm run(List<String> command, Path log) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(30, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor();
            return new MeasuredJvm(-1, resultLines(log));
        }
        return new MeasuredJvm(process.exitValue(), resultLines(log));
    }

    private static Map<String, String> resultLines(Path log) throws IOException {
        Map<String, String> figures = new LinkedHashMap<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (line.startsWith("RESULT ")) {
                for (String pair : line.substring(7).split(" ")) {
                    figures.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
                }
            }
        }
        return figures;
    }
}
