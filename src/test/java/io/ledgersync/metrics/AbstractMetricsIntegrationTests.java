package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.micrometer.metrics.test.autoconfigure.AutoConfigureMetrics;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.yaml.snakeyaml.Yaml;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;

/**
 * The service with metrics export on, synced once per database against the sandbox (3 companies of 250
 * invoices; one company's invoices not ready, another's answering a 429 and a 503 first), then
 * scraped over HTTP as Prometheus scrapes it. Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "ledgersync.sync.on-startup=false",
        "ledgersync.api.page-size=100",
        // retries wait milliseconds, not seconds
        "ledgersync.api.retry.initial-backoff=10ms",
        "ledgersync.api.retry.max-backoff=50ms",
        "ledgersync.api.retry.retry-after-floor=10ms",
        "ledgersync.api.retry.retry-after-ceiling=50ms"})
@AutoConfigureMetrics
abstract class AbstractMetricsIntegrationTests {

    static final int INVOICES_PER_COMPANY = 250;

    static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(3)
            .withInvoicesPerCompany(INVOICES_PER_COMPANY).withSeed(11));

    /** Series that Prometheus makes itself, never in an application's scrape. */
    private static final Set<String> SYNTHESISED_BY_PROMETHEUS = Set.of("up");

    /** A sample line: name, labels (whose quoted values may hold braces: {@code endpoint="/companies/{companyId}"}), value. */
    private static final Pattern SAMPLE = Pattern.compile(
            "^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(?:[^\"}]|\"(?:[^\"\\\\]|\\\\.)*\")*})?\\s+(\\S+)");

    /** The one sync of each subclass (each has its own application and database). */
    private static final Map<Class<?>, Synced> synced = new java.util.concurrent.ConcurrentHashMap<>();

    @LocalServerPort
    int port;

    @Autowired
    SyncLauncher launcher;

    static void sandboxProperties(DynamicPropertyRegistry registry) {
        registry.add("ledgersync.api.base-url", () -> sandbox.baseUrl().toString());
        registry.add("ledgersync.api.api-key", sandbox::apiKey);
    }

    @Test
    void everyMetricOfEveryDashboardPanelAndEveryAlertRuleIsInTheScrape() throws Exception {
        sync();
        Set<String> scraped = sampleNames(scrape());
        Map<String, String> expressions = new LinkedHashMap<>();
        expressions.putAll(DashboardQueries.all());
        expressions.putAll(alertExpressions());

        Map<String, Set<String>> missing = new LinkedHashMap<>();
        Set<String> used = new LinkedHashSet<>();
        expressions.forEach((where, expression) -> {
            Set<String> names = PromQlMetricNames.in(expression);
            assertThat(names).as("%s reads no metric: %s", where, expression).isNotEmpty();
            used.addAll(names);
            names.stream().filter(name -> !scraped.contains(name) && !SYNTHESISED_BY_PROMETHEUS.contains(name))
                    .forEach(name -> missing.computeIfAbsent(name, n -> new LinkedHashSet<>()).add(where));
        });

        assertThat(missing).as("metrics used by dashboards or alerts but not in the scrape").isEmpty();
        assertThat(used).as("the dashboards and alerts cover every kind of meter").contains(
                "ledgersync_sync_run_seconds_count", "ledgersync_records_read_total", "ledgersync_records_upserted_total",
                "ledgersync_page_latency_seconds_bucket", "ledgersync_partitions_total",
                "ledgersync_sync_last_success_timestamp_seconds", "ledgersync_api_requests_seconds_count",
                "ledgersync_api_waits_seconds_sum", "ledgersync_company_datasets",
                "ledgersync_company_datasets_consecutive_failures_max");
    }

    @Test
    void aSyncShowsInTheScrapeAsRecordsResponsesWaitsDeferralsAndFreshness() throws Exception {
        Synced run = sync();
        SyncReport report = run.report();
        List<Sample> samples = samples(scrape());

        assertThat(report.successful()).as(report.summary() + " " + report.failures()).isTrue();
        assertThat(value(samples, "ledgersync_records_read_total", "dataset=\"invoices\""))
                .as("two companies' invoices; the third is not ready").isEqualTo(2.0 * INVOICES_PER_COMPANY);
        assertThat(value(samples, "ledgersync_records_upserted_total", "dataset=\"invoices\"")).isEqualTo(2.0 * INVOICES_PER_COMPANY);
        assertThat(value(samples, "ledgersync_partitions_total", "dataset=\"invoices\"", "outcome=\"DEFERRED\"")).isEqualTo(1.0);
        assertThat(value(samples, "ledgersync_company_datasets", "dataset=\"invoices\"", "state=\"DEFERRED\"")).isEqualTo(1.0);
        assertThat(value(samples, "ledgersync_sync_run_seconds_count", "mode=\"incremental\"", "outcome=\"COMPLETED_WITH_DEFERRALS\""))
                .isEqualTo(1.0);
        String companyData = "endpoint=\"/companies/{companyId}/data/{dataType}\"";
        assertThat(value(samples, "ledgersync_api_requests_seconds_count", companyData, "status=\"429\"")).isEqualTo(1.0);
        assertThat(value(samples, "ledgersync_api_requests_seconds_count", companyData, "status=\"503\"")).isEqualTo(1.0);
        assertThat(value(samples, "ledgersync_api_requests_seconds_count", companyData, "status=\"409\"")).isPositive();
        assertThat(value(samples, "ledgersync_api_waits_seconds_count", companyData, "reason=\"retry\"")).isEqualTo(2.0);
        assertThat(value(samples, "ledgersync_api_waits_seconds_sum", companyData, "reason=\"retry\"")).isPositive();
        // The cardinality rule: the only series per company are Resilience4j's per-company bulkheads,
        // at most ledgersync.api.bulkhead.max-tracked-companies of them at a time.
        assertThat(samples).filteredOn(sample -> sandbox.dataSet().companyIds().stream().anyMatch(sample.labels()::contains))
                .as("series that name a company").isNotEmpty()
                .allMatch(sample -> sample.name().startsWith("resilience4j_bulkhead_"), "a Resilience4j bulkhead meter");
        for (String dataSet : List.of("companies", "customers", "invoices")) {
            double lastSuccess = value(samples, "ledgersync_sync_last_success_timestamp_seconds", "dataset=\"" + dataSet + "\"");
            assertThat(lastSuccess).as("last success of %s", dataSet)
                    .isBetween(run.started().getEpochSecond() - 1.0, run.ended().getEpochSecond() + 1.0);
        }
        assertThat(samples).as("Resilience4j's and Spring Batch's own meters stay on")
                .anyMatch(sample -> sample.name().startsWith("resilience4j_retry_calls"))
                .anyMatch(sample -> sample.name().startsWith("spring_batch_job"));
    }

    private Synced sync() {
        return synced.computeIfAbsent(getClass(), test -> syncWithFaults());
    }

    private Synced syncWithFaults() {
        List<String> companies = sandbox.dataSet().companyIds();
        sandbox.faults().dataSet(companies.get(0), "invoices").notRequested();
        String flaky = "/companies/" + companies.get(1) + "/data/invoices";
        sandbox.faults().path(flaky).page(2).tooManyRequestsNext(1, Duration.ZERO);
        sandbox.faults().path(flaky).page(3).unavailableNext(1, Duration.ZERO);
        Instant started = Instant.now();
        SyncReport report = launcher.run(SyncRequest.everything());
        return new Synced(report, started, Instant.now());
    }

    private String scrape() throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/prometheus")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("the scrape needs no credentials").isEqualTo(200);
        Files.writeString(Path.of("target/" + getClass().getSimpleName() + "-scrape.txt"), response.body()); // to read when a check fails
        return response.body();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> alertExpressions() throws IOException {
        Map<String, String> expressions = new LinkedHashMap<>();
        Map<String, Object> file;
        try (InputStream in = Files.newInputStream(Path.of("docker/prometheus/alerts.yml"))) {
            file = new Yaml().load(in);
        }
        for (Map<String, Object> group : (List<Map<String, Object>>) file.get("groups")) {
            for (Map<String, Object> rule : (List<Map<String, Object>>) group.get("rules")) {
                String name = String.valueOf(rule.getOrDefault("alert", rule.get("record")));
                expressions.put("alert " + name, String.valueOf(rule.get("expr")));
            }
        }
        assertThat(expressions).as("alert rules").isNotEmpty();
        return expressions;
    }

    private static Set<String> sampleNames(String scrape) {
        Set<String> names = new LinkedHashSet<>();
        samples(scrape).forEach(sample -> names.add(sample.name()));
        return names;
    }

    private static List<Sample> samples(String scrape) {
        List<Sample> samples = new ArrayList<>();
        for (String line : scrape.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            assertThat(sample.find()).as("a sample line: %s", line).isTrue();
            samples.add(new Sample(sample.group(1), sample.group(2) == null ? "" : sample.group(2),
                    Double.parseDouble(sample.group(3))));
        }
        return samples;
    }

    /** The one sample of {@code name} whose labels include all of {@code labels}. */
    private static double value(List<Sample> samples, String name, String... labels) {
        List<Sample> matching = samples.stream()
                .filter(sample -> sample.name().equals(name) && Stream.of(labels).allMatch(sample.labels()::contains))
                .toList();
        assertThat(matching).as("%s with %s", name, List.of(labels)).hasSize(1);
        return matching.get(0).value();
    }

    private record Sample(String name, String labels, double value) {
    }

    private record Synced(SyncReport report, Instant started, Instant ended) {
    }
}
