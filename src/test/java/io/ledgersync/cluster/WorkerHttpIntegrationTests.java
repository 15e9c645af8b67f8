package io.ledgersync.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.warehouse.TestPostgres;

/**
 * What a {@code worker}'s HTTP port serves, over real HTTP with PostgreSQL and an embedded broker: its health and
 * metrics, and no REST API (that is the manager's, {@code serve}), so no password either. One JVM, no sync.
 */
@ExtendWith(OutputCaptureExtension.class)
class WorkerHttpIntegrationTests {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aWorkerServesItsHealthAndMetricsButNoApiAndGeneratesNoPassword(CapturedOutput output) throws Exception {
        String database = "worker_http_" + ProcessHandle.current().pid();
        try (TestBroker broker = TestBroker.embeddedQpid();
                ConfigurableApplicationContext worker = startWorker(TestPostgres.createDatabase(database), broker)) {
            String base = "http://127.0.0.1:" + worker.getEnvironment().getProperty("local.server.port");

            assertThat(get(base + "/actuator/health").statusCode()).as("health, open as on serve").isEqualTo(200);
            HttpResponse<String> metrics = get(base + "/actuator/prometheus");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("jvm_memory_used_bytes");

            HttpResponse<String> launch = http.send(HttpRequest.newBuilder(URI.create(base + "/api/runs"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(launch.statusCode()).as("a POST that would start a run on serve: %s", launch.body()).isEqualTo(404);
            assertThat(get(base + "/api/status").statusCode()).isEqualTo(404);
            assertThat(get(base + "/api/runs").statusCode()).isEqualTo(404);
            assertThat(get(base + "/v3/api-docs").statusCode()).as("no API to describe").isEqualTo(403);

            assertThatThrownBy(() -> worker.getBean(UserDetailsService.class).loadUserByUsername("admin"))
                    .as("no user, hence no password").isInstanceOf(UsernameNotFoundException.class);
        }
        assertThat(output.getAll()).as("the worker's log").doesNotContainIgnoringCase("password");
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static ConfigurableApplicationContext startWorker(String databaseUrl, TestBroker broker) {
        List<String> arguments = new java.util.ArrayList<>(List.of(
                "--server.port=0",
                "--ledgersync.cluster.enabled=true",
                "--ledgersync.cluster.name=worker_http_" + ProcessHandle.current().pid(),
                "--ledgersync.api.base-url=http://127.0.0.1:9",
                "--ledgersync.api.api-key=k",
                "--spring.datasource.url=" + databaseUrl,
                "--spring.datasource.username=postgres",
                "--spring.datasource.password="));
        arguments.addAll(broker.arguments());
        return new SpringApplicationBuilder(LedgersyncApplication.class).properties("ledgersync.command=worker")
                .run(arguments.toArray(String[]::new));
    }
}
