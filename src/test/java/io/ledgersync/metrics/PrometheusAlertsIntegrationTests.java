package io.ledgersync.metrics;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.micrometer.metrics.test.autoconfigure.AutoConfigureMetrics;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.ledgersync.MachineServer;
import io.ledgersync.RequiresMachineServer;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.warehouse.state.RunHistory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 27, the shipped alert rules in a real Prometheus: the service (its web server on a free port, H2) scraped by
 * Prometheus with the shipped configuration and the shipped rules, each rule's hold shortened to seconds
 * ({@link TestAlertRules} says why that copy is faithful). The conditions happen as in production: one company's
 * invoices answer 500 to every request for three runs in a row (the runs fail, and the company data set fails three
 * times in a row), the invoices' last successful sync is 27 hours old, a supplier record comes without its id (set
 * aside in rejected_records), and a client guesses the REST API's password until it is throttled. Each alert must be
 * pending in Prometheus before it fires, and no other alert may fire. The sandbox sits behind a WireMock proxy, which
 * serves the one broken page.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "ledgersync.sync.on-startup=false",
        "ledgersync.schedule.enabled=false",
        "ledgersync.api.page-size=100",
        "ledgersync.api.rate-limit.requests-per-second=2000",
        "ledgersync.security.password=" + PrometheusAlertsIntegrationTests.PASSWORD,
        // the defaults' shape (several attempts, a breaker per company, a bounded pause) in milliseconds
        "ledgersync.api.retry.max-attempts=3",
        "ledgersync.api.retry.initial-backoff=10ms",
        "ledgersync.api.retry.max-backoff=20ms",
        "ledgersync.api.retry.retry-after-floor=10ms",
        "ledgersync.api.circuit-breaker.wait-in-open-state=300ms",
        "ledgersync.api.circuit-breaker.max-pause=300ms",
        "spring.datasource.url=jdbc:h2:mem:prometheus-alerts;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1"})
@AutoConfigureMetrics
@RequiresMachineServer(MachineServer.PROMETHEUS)
class PrometheusAlertsIntegrationTests {

    static final String PASSWORD = "prometheus-alerts-test";

    /** The alerts the conditions raise, each with the labels that say which condition it saw. */
    private static final Map<String, Map<String, String>> EXPECTED = Map.of(
            "LedgersyncRunFailed", Map.of("mode", "incremental"),
            "LedgersyncCompanyDataSetFailing", Map.of("dataset", "invoices"),
            "LedgersyncSyncStale", Map.of("dataset", "invoices"),
            "LedgersyncRecordsRejected", Map.of("dataset", "suppliers"),
            "LedgersyncApiPasswordGuessed", Map.of());

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(3)
            .withInvoicesPerCompany(30).withRecordsPerCompany("bills", 30).withSeed(27));
    private static final WireMockServer source = new WireMockServer(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"));
    private static final HttpClient http = HttpClient.newHttpClient();
    private static final JsonMapper json = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    SyncLauncher launcher;

    @Autowired
    RunHistory history;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        source.start();
        source.stubFor(any(anyUrl()).atPriority(10).willReturn(aResponse().proxiedFrom(sandbox.baseUrl().toString())));
        registry.add("ledgersync.api.base-url", () -> "http://127.0.0.1:" + source.port());
        registry.add("ledgersync.api.api-key", sandbox::apiKey);
    }

    @AfterAll
    static void stopServers() {
        source.stop();
        sandbox.close();
    }

    @Test
    void eachConditionMakesItsShippedAlertPendingThenFiringAndNoOtherFires() throws Exception {
        try (TestPrometheus prometheus = TestPrometheus.start("alerts", Map.of("ledgersync", List.of("127.0.0.1:" + port)))) {
            Instant started = Instant.now();
            assertThat(prometheus.rules()).as("the shipped rules, loaded").extracting(rule -> rule.path("name").asString())
                    .containsExactlyElementsOf(TestAlertRules.alertNames());
            awaitScraped(prometheus);
            assertThat(prometheus.alerts()).as("no alert before anything happens").isEmpty();

            // given the invoices last synced successfully 27 hours ago. The stale rule compares Prometheus's time() with
            // the gauge of the last success, which is not computed from a clock of the service but read from
            // data_set_success (at start and after every run); Prometheus's clock cannot be moved, so the recorded success
            // is: written as a run writes it (run 0 standing for yesterday's), and read by the gauge at the next run's end
            history.recordSuccess("invoices", 0, Instant.now().minus(Duration.ofHours(27)));
            // one company whose invoices answer 500 to every request
            List<String> companies = sandbox.dataSet().companyIds();
            sandbox.faults().path("/companies/" + companies.get(0) + "/data/invoices").serverErrors(1.0);
            // and a supplier of another company sent without its id
            String suppliers = "/companies/" + companies.get(1) + "/data/suppliers";
            ObjectNode page = (ObjectNode) json.readTree(sandboxPage(suppliers + "?page=1&pageSize=100"));
            ((ObjectNode) page.get("results").get(0)).remove("id");
            source.stubFor(get(urlPathEqualTo(suppliers)).withQueryParam("page", equalTo("1")).atPriority(1).willReturn(
                    aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(json.writeValueAsString(page))));

            // when three runs fail that company's invoices
            for (int run = 1; run <= 3; run++) {
                SyncReport report = launcher.run(SyncRequest.everything());
                assertThat(report.successful()).as("run %d: %s", run, report.summary()).isFalse();
                assertThat(report.failures()).as("run %d", run).singleElement().asString()
                        .startsWith("invoices of company " + companies.get(0) + ": ");
            }
            // and a client guesses the password until it is refused
            List<Integer> answers = new ArrayList<>();
            for (int guess = 1; guess <= 11; guess++) {
                answers.add(status("/api/status", "admin:guess-" + guess));
            }
            assertThat(answers).as("ten failed logins, then throttled").endsWith(429).contains(401);

            // then each expected alert fires, with the labels of its condition
            prometheus.await("every expected alert firing", Duration.ofSeconds(90),
                    () -> firing(prometheus).containsAll(EXPECTED.keySet()));
            for (JsonNode alert : prometheus.alerts()) {
                String name = alert.path("labels").path("alertname").asString();
                assertThat(EXPECTED).as("only the alerts of the conditions: %s", alert).containsKey(name);
                EXPECTED.get(name).forEach((label, value) -> assertThat(alert.path("labels").path(label).asString())
                        .as("%s's %s", name, label).isEqualTo(value));
            }
            assertThat(prometheus.alerts()).filteredOn(alert -> alert.path("labels").path("alertname").asString()
                    .equals("LedgersyncApiPasswordGuessed")).singleElement()
                    .satisfies(alert -> assertThat(alert.path("labels").path("instance").asString()).as("the guessed service")
                            .isEqualTo("127.0.0.1:" + port));
            // and was pending first: Prometheus keeps each evaluation's state in its series ALERTS
            long seconds = Duration.between(started, Instant.now()).toSeconds() + 5;
            for (String alert : TestAlertRules.alertNames()) {
                AlertHistory states = AlertHistory.of(prometheus, alert, seconds);
                if (EXPECTED.containsKey(alert)) {
                    assertThat(states.pendingBeforeFiring()).as("%s pending before firing: %s", alert, states).isTrue();
                } else {
                    assertThat(states.seen()).as("%s, whose condition never happened, was pending or firing: %s", alert, states)
                            .isFalse();
                }
            }
        }
    }

    /** Waits until Prometheus has the service up and has scraped its meters. */
    static void awaitScraped(TestPrometheus prometheus) {
        prometheus.await("prometheus scrapes the service", Duration.ofSeconds(60),
                () -> !prometheus.series("up{job=\"ledgersync\"} == 1").isEmpty()
                        && !prometheus.series("ledgersync_sync_run_seconds_count").isEmpty());
    }

    private static Set<String> firing(TestPrometheus prometheus) {
        Set<String> names = new java.util.TreeSet<>();
        for (JsonNode alert : prometheus.alerts()) {
            if ("firing".equals(alert.path("state").asString())) {
                names.add(alert.path("labels").path("alertname").asString());
            }
        }
        return names;
    }

    private int status(String path, String credentials) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)))
                .GET().build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static String sandboxPage(String href) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + href))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(sandbox.apiKey().getBytes(StandardCharsets.UTF_8)))
                .GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(href).isEqualTo(200);
        return response.body();
    }
}
