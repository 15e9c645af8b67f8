package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged {@code config/application.yml} is the one home of every default: an operator's own
 * {@code ./config/application.yml} in the working directory that sets one key changes that key only, and the
 * documented environment variables still reach the client. Checked in a JVM of its own, started in a working
 * directory of the test's making, so that Spring Boot's own config locations are what is tested.
 */
class PackagedDefaultsIntegrationTests {

    @TempDir
    Path workingDirectory;

    @Test
    void anOperatorsConfigFileSettingOneKeyKeepsThePackagedDefaultsOfTheRest() throws Exception {
        // given an operator's ./config/application.yml that sets only the retry attempts
        Files.createDirectories(workingDirectory.resolve("config"));
        Files.writeString(workingDirectory.resolve("config/application.yml"), """
                ledgersync:
                  api:
                    retry:
                      max-attempts: 3
                """);

        // when the service reads its configuration there, with the Data API and page size from the environment
        String output = probe(Map.of("LEDGERSYNC_API_BASE_URL", "https://api.example.com/v2", "LEDGERSYNC_API_KEY", "env-key",
                "LEDGERSYNC_PAGE_SIZE", "250"));

        // then the one key is the operator's, every other one the packaged file's, and the variables took effect
        assertThat(output)
                .contains("retry=Retry[maxAttempts=3, initialBackoff=PT1S, multiplier=2.0, jitter=0.5, maxBackoff=PT30S, "
                        + "retryAfterFloor=PT1S, retryAfterCeiling=PT2M]")
                .contains("connectTimeout=PT10S, readTimeout=PT1M")
                .contains("rateLimit=RateLimit[requestsPerSecond=20, maxWait=PT1M]")
                .contains("circuitBreaker=CircuitBreaker[failureRateThreshold=50.0, slidingWindowSize=10")
                .contains("PROBE baseUrl=https://api.example.com/v2 pageSize=250 keyFromEnvironment=true")
                .doesNotContain("env-key");
    }

    private String probe(Map<String, String> environment) throws IOException, InterruptedException {
        Path log = workingDirectory.resolve("probe.log");
        ProcessBuilder process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ApiSettingsProbe.class.getName()))
                .directory(workingDirectory.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        process.environment().keySet().removeIf(name -> name.startsWith("LEDGERSYNC_"));
        process.environment().putAll(environment);
        Process started = process.start();
        assertThat(started.waitFor(60, TimeUnit.SECONDS)).as("the probe ends").isTrue();
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(started.exitValue()).as(output).isZero();
        return output;
    }
}
