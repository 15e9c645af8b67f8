package io.ledgersync.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.LedgersyncJvm;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/** {@code check} in cluster mode: a third line for the broker, which answers (exit 0) or cannot be reached (exit 7). */
class ClusterCheckIntegrationTests {

    private static final Duration A_COMMAND = Duration.ofMinutes(3);
    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1));
    private static final TestBroker broker = TestBroker.embeddedQpid();

    @AfterAll
    static void stop() {
        broker.close();
        sandbox.close();
    }

    @Test
    void aBrokerThatAnswersIsTheThirdOkLine() {
        LedgersyncJvm check = check("check-broker-ok", broker.arguments());

        assertThat(check.awaitExit(A_COMMAND)).as(check.describe()).isZero();
        List<String> lines = check.stdout().lines().toList();
        assertThat(lines).as(check.describe()).hasSize(3);
        assertThat(lines.get(2)).matches("broker: ok — RabbitMQ at 127\\.0\\.0\\.1:" + broker.port() + " \\(virtual host /\\)"
                + " answered in \\d+ ms");
    }

    @Test
    void aBrokerThatCannotBeReachedExitsSeven() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }

        LedgersyncJvm check = check("check-broker-closed", List.of("--spring.rabbitmq.host=127.0.0.1",
                "--spring.rabbitmq.port=" + closed));

        assertThat(check.awaitExit(A_COMMAND)).as(check.describe()).isEqualTo(7);
        List<String> lines = check.stdout().lines().toList();
        assertThat(lines).as(check.describe()).hasSize(3);
        assertThat(lines.get(0)).startsWith("api: ok — ");
        assertThat(lines.get(2)).matches("broker: unreachable — RabbitMQ at 127\\.0\\.0\\.1:" + closed + " \\(virtual host /\\):"
                + " .+: check SPRING_RABBITMQ_HOST, SPRING_RABBITMQ_PORT, the credentials and that the broker is up");
    }

    private static LedgersyncJvm check(String name, List<String> brokerArguments) {
        Path warehouse = Path.of("target", "jvm-tests", "warehouses", name).toAbsolutePath();
        List<String> arguments = new ArrayList<>(List.of("check", "--ledgersync.cluster.enabled=true",
                "--spring.datasource.url=jdbc:h2:file:" + warehouse.resolve("warehouse") + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE",
                "--ledgersync.api.base-url=" + sandbox.baseUrl(), "--ledgersync.api.api-key=" + sandbox.apiKey()));
        arguments.addAll(brokerArguments);
        return LedgersyncJvm.start(name, arguments);
    }
}
