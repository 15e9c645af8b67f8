package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/**
 * Two ledgersync processes on one host and one HTTP port, each a JVM of its own ({@link LedgersyncJvm}): the second
 * exits 2 with one line that names the port and the settings that move it, and the first keeps serving.
 */
class PortInUseIntegrationTests {

    private static final Duration A_START = Duration.ofMinutes(2);
    private static final String H2_OPTIONS = ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1)
            .withInvoicesPerCompany(10));

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void givenAServiceOnAPortWhenASecondStartsOnItThenItExitsTwoNamingThePortAndTheSetting() throws IOException {
        int port = freePort();
        LedgersyncJvm first = serve("port-in-use-first", port, "first");
        try {
            // listening, whichever stream its log goes to
            await().atMost(A_START).pollInterval(Duration.ofMillis(200)).alias("the first serves on " + port)
                    .failFast("the first ended", () -> !first.isAlive()).until(() -> listens(port));

            // each its own warehouse: the port, not the H2 file, is what the two share
            LedgersyncJvm second = serve("port-in-use-second", port, "second");
            int exit = second.awaitExit(A_START);

            assertThat(exit).as(second.describe()).isEqualTo(2);
            assertThat(second.stderrLines()).as(second.describe()).containsExactly("Port " + port + " is already in use by"
                    + " another process on this host (another ledgersync?): give this one a free port with"
                    + " LEDGERSYNC_CLUSTER_WORKER_PORT (ledgersync.cluster.worker-port) for a worker, or SERVER_PORT"
                    + " (server.port) for serve");
            assertThat(second.stdout() + second.stderr()).as("no stack trace").doesNotContain("\tat ")
                    .doesNotContain("APPLICATION FAILED TO START");
            assertThat(first.isAlive()).as("the first still serves").isTrue();
        } finally {
            first.terminate();
            first.awaitExit(A_START);
        }
    }

    private static LedgersyncJvm serve(String name, int port, String warehouse) {
        Path directory = Path.of("target", "jvm-tests", "warehouses", name).toAbsolutePath();
        return LedgersyncJvm.start(name, List.of("serve", "--server.port=" + port,
                "--spring.datasource.url=jdbc:h2:file:" + directory.resolve(warehouse) + H2_OPTIONS,
                "--ledgersync.api.base-url=" + sandbox.baseUrl(), "--ledgersync.api.api-key=" + sandbox.apiKey(),
                "--ledgersync.sync.on-startup=false", "--ledgersync.schedule.enabled=false"));
    }

    private static boolean listens(int port) {
        try (java.net.Socket socket = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    /** A loopback port that nothing listens on: taken from the system, then let go for the first service to take. */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
