package io.ledgersync;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Notes the test classes that a test JVM skipped for want of a {@link MachineServer}, one line each in
 * {@code target/skipped-suites/<pid>.txt}: the build prints them all in one line after the integration tests (pom.xml,
 * execution {@code skipped-suites}), where each fork's own line would be lost among the others' output. Registered
 * through META-INF/services for every test JVM.
 */
public final class SkippedSuites implements TestExecutionListener {

    static final Path DIRECTORY = Path.of("target", "skipped-suites");

    private final Map<String, MachineServer> skipped = new TreeMap<>(); // class -> the server it lacked; guarded by itself

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        test.getSource().filter(ClassSource.class::isInstance).map(source -> ((ClassSource) source).getJavaClass())
                .ifPresent(type -> {
                    RequiresMachineServer required = type.getAnnotation(RequiresMachineServer.class);
                    if (required != null) {
                        synchronized (skipped) {
                            skipped.put(type.getSimpleName(), required.value());
                        }
                    }
                });
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        String lines;
        synchronized (skipped) {
            if (skipped.isEmpty()) {
                return;
            }
            lines = skipped.entrySet().stream().map(entry -> entry.getKey() + " (no " + entry.getValue() + ")\n")
                    .collect(Collectors.joining());
        }
        try {
            Files.createDirectories(DIRECTORY);
            Files.writeString(DIRECTORY.resolve(ProcessHandle.current().pid() + ".txt"), lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
