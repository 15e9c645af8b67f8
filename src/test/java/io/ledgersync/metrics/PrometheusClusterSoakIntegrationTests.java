package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.LedgersyncJvm;
import io.ledgersync.MachineServer;
import io.ledgersync.RequiresMachineServer;
import io.ledgersync.cluster.ClusterJvms;
import io.ledgersync.cluster.TestBroker;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sandbox.records.DataSetState.Changes;
import io.ledgersync.warehouse.TestPostgres;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 27, a healthy soak watched by a real Prometheus: a manager ({@code serve} in cluster mode) and a {@code worker},
 * each a JVM of its own as an operator starts them, over an embedded AMQP broker (Qpid) and PostgreSQL, against the
 * sandbox; Prometheus scrapes both with the shipped configuration (the manager as job {@code ledgersync}, the worker as
 * {@code ledgersync-workers}) and evaluates the shipped rules with holds of seconds ({@link TestAlertRules}). Several
 * runs with no problem (the startup sync, incremental runs over the sandbox's changes, a full refresh) must leave every
 * alert silent, not even pending, and then every query of every shipped Grafana panel must return data from that
 * Prometheus.
 */
@RequiresMachineServer(MachineServer.PROMETHEUS)
class PrometheusClusterSoakIntegrationTests {

    private static final String PASSWORD = "prometheus-soak-test";
    private static final Duration PROCESS_TIMEOUT = Duration.ofSeconds(120);

    /**
     * What Grafana puts for {@code $__rate_interval}: at least four scrape intervals, more on a wide time range; one
     * minute holds every sample of this short soak at a scrape a second.
     */
    private static final String RATE_INTERVAL = "1m";

    private static final HttpClient http = HttpClient.newHttpClient();
    private static final JsonMapper json = JsonMapper.builder().build();

    private static SandboxServer sandbox;
    private static TestBroker broker;
    private static ClusterJvms cluster;

    @BeforeAll
    static void start() {
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(3).withInvoicesPerCompany(40)
                .withRecordsPerCompany("bills", 40).withSeed(271));
        broker = TestBroker.embeddedQpid();
        cluster = new ClusterJvms(sandbox, broker, "--ledgersync.api.page-size=100",
                "--ledgersync.api.rate-limit.requests-per-second=2000", "--ledgersync.schedule.enabled=false",
                "--ledgersync.security.password=" + PASSWORD);
    }

    @AfterAll
    static void stop() {
        cluster.close();
        sandbox.close();
        broker.close();
    }

    @Test
    void aHealthySoakOnAManagerAndAWorkerRaisesNoAlertAndEveryDashboardPanelHasData() throws Exception {
        String databaseUrl = TestPostgres.createDatabase("prometheus_soak");
        int managerPort = TestPrometheus.freePort();
        int workerPort = TestPrometheus.freePort();
        LedgersyncJvm worker = cluster.start("prometheus-soak-worker", "worker", databaseUrl,
                "--ledgersync.cluster.worker-port=" + workerPort);
        LedgersyncJvm manager = cluster.start("prometheus-soak-manager", "serve", databaseUrl, "--server.port=" + managerPort);
        ClusterJvms.awaitUp(worker, workerPort);
        ClusterJvms.awaitUp(manager, managerPort);

        try (TestPrometheus prometheus = TestPrometheus.start("cluster-soak", Map.of(
                "ledgersync", List.of("127.0.0.1:" + managerPort),
                "ledgersync-workers", List.of("127.0.0.1:" + workerPort)))) {
            Instant soakStarted = Instant.now();
            prometheus.await("prometheus scrapes the manager and the worker", PROCESS_TIMEOUT,
                    () -> prometheus.series("up == 1").size() == 3);

            // the startup sync, then incremental runs over the sandbox's nightly changes, then a full refresh
            int runs = awaitRunsEnded(managerPort, 1, manager);
            List<String> companies = sandbox.dataSet().companyIds();
            for (int night = 0; night < 3; night++) {
                sandbox.faults().dataSet(companies.get(night % companies.size()), "invoices")
                        .change(new Changes(2, 3, 1, 1, 1, Duration.ofHours(2)));
                startRun(managerPort, "{}");
                runs = awaitRunsEnded(managerPort, runs + 1, manager);
            }
            startRun(managerPort, "{\"mode\": \"full\"}");
            runs = awaitRunsEnded(managerPort, runs + 1, manager);
            assertThat(runStatuses(managerPort)).as("every run of the soak").hasSize(runs).containsOnly("COMPLETED");

            // Prometheus has scraped the last run, and evaluated the rules for longer than a hold since
            int ended = runs;
            prometheus.await("prometheus scrapes the runs' end", PROCESS_TIMEOUT,
                    () -> value(prometheus, "sum(ledgersync_sync_run_seconds_count{job=\"ledgersync\"})") == ended);
            double scraped = value(prometheus, "time()");
            prometheus.await("a hold and two evaluations pass", PROCESS_TIMEOUT,
                    () -> value(prometheus, "time()") > scraped + TestAlertRules.HOLD.toSeconds() + 2);

            assertThat(prometheus.rules()).as("the shipped rules, loaded and evaluated without error").isNotEmpty()
                    .allSatisfy(rule -> assertThat(rule.path("health").asString()).as(rule.toString()).isEqualTo("ok"));
            assertThat(prometheus.alerts()).as("alerts now").isEmpty();
            long seconds = Duration.between(soakStarted, Instant.now()).toSeconds() + 5;
            for (String alert : TestAlertRules.alertNames()) {
                assertThat(AlertHistory.of(prometheus, alert, seconds).seen()).as("%s pending or firing during the soak: %s",
                        alert, AlertHistory.of(prometheus, alert, seconds)).isFalse();
            }

            Map<String, String> empty = new LinkedHashMap<>();
            DashboardQueries.panels().forEach((where, expression) -> {
                String query = expression.replace("$__rate_interval", RATE_INTERVAL).replace("$dataset", ".*");
                if (prometheus.series(query).isEmpty()) {
                    empty.put(where, query);
                }
            });
            DashboardQueries.variables().forEach((where, expression) -> {
                var labelValues = java.util.regex.Pattern.compile("label_values\\((.+), *(\\w+)\\)").matcher(expression);
                assertThat(labelValues.matches()).as("%s: a label_values(metric, label) query: %s", where, expression).isTrue();
                if (prometheus.labelValues(labelValues.group(2), labelValues.group(1)).isEmpty()) {
                    empty.put(where, expression);
                }
            });
            assertThat(empty).as("dashboard queries that returned no data\n" + prometheus.targets()).isEmpty();
        }
        manager.terminate();
        worker.terminate();
        assertThat(manager.awaitExit(Duration.ofSeconds(60))).as(manager.describe()).isZero();
        assertThat(worker.awaitExit(Duration.ofSeconds(60))).as(worker.describe()).isZero();
    }

    private static void startRun(int port, String body) throws IOException, InterruptedException {
        HttpResponse<String> response = send(port, "POST", "/api/runs", body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    }

    /** Waits until the manager knows {@code count} runs and none is running; returns the count. */
    private static int awaitRunsEnded(int port, int count, LedgersyncJvm manager) {
        await().atMost(PROCESS_TIMEOUT).pollInterval(Duration.ofMillis(250)).alias(count + " runs ended")
                .failFast("the manager ended: " + manager.describe(), () -> !manager.isAlive())
                .ignoreExceptions().until(() -> {
                    List<String> statuses = runStatuses(port);
                    return statuses.size() == count && statuses.stream().noneMatch(s -> s.startsWith("START"));
                });
        return count;
    }

    private static List<String> runStatuses(int port) throws IOException, InterruptedException {
        HttpResponse<String> response = send(port, "GET", "/api/runs?size=100", null);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        List<String> statuses = new ArrayList<>();
        JsonNode body = json.readTree(response.body());
        for (JsonNode run : body.path("runs")) {
            statuses.add(run.path("status").asString());
        }
        return statuses;
    }

    private static double value(TestPrometheus prometheus, String promql) {
        JsonNode data = prometheus.query(promql);
        JsonNode result = data.path("result");
        JsonNode sample = "scalar".equals(data.path("resultType").asString()) ? result : result.path(0).path("value");
        return sample.isMissingNode() ? Double.NaN : sample.path(1).asDouble();
    }

    private static HttpResponse<String> send(int port, String method, String path, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", "Basic " + Base64.getEncoder()
                        .encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)));
        if (body == null) {
            request.GET();
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
