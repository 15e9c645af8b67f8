package io.ledgersync.metrics;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real Prometheus (Debian's {@code prometheus} binary, {@link io.ledgersync.MachineServer#PROMETHEUS}) for a test:
 * the shipped {@code docker/prometheus/prometheus.yml} with its targets pointed at the test's processes, scraping every
 * two seconds and evaluating every second, and the shipped alert rules as {@link TestAlertRules} copies them. It listens on a free
 * loopback port and keeps its data in a temporary folder, removed when it is closed; its log stays in
 * {@code target/prometheus-tests/<name>.log} for a failing test to show ({@link #describe}). Not thread-safe.
 */
final class TestPrometheus implements AutoCloseable {

    static final Path SHIPPED_CONFIG = Path.of("docker/prometheus/prometheus.yml");

    /** How often it evaluates the rules: often enough to see a hold of seconds ({@link TestAlertRules#HOLD}) pending. */
    static final String EVALUATION_INTERVAL = "1s";

    /**
     * How often it scrapes, and how long a scrape may take: a scrape slower than that counts as the service down
     * ({@code up} 0, the alert LedgersyncDown pending), so it leaves room for a JVM on a busy machine.
     */
    static final String SCRAPE_INTERVAL = "2s";

    private static final Path LOGS = Path.of("target", "prometheus-tests");
    private static final JsonMapper json = JsonMapper.builder().build();

    /** Every Prometheus started here, killed when this JVM ends: a test that fails before it closes one must not leave it. */
    private static final java.util.Set<Process> LEFT_RUNNING = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LEFT_RUNNING.forEach(Process::destroyForcibly),
                "test-prometheus-reaper"));
    }

    private final Process process;
    private final Path folder;
    private final Path log;
    private final URI base;
    private final HttpClient http = HttpClient.newHttpClient();

    private TestPrometheus(Process process, Path folder, Path log, URI base) {
        this.process = process;
        this.folder = folder;
        this.log = log;
        this.base = base;
    }

    /**
     * Starts Prometheus with the shipped configuration, each of its scrape jobs pointed at the targets given for it (no
     * target for a job not given, the job {@code prometheus} at this Prometheus itself), and waits until it is ready.
     *
     * @param name names its log file
     * @param targets {@code host:port} of each job's processes, by job name of the shipped configuration
     */
    static TestPrometheus start(String name, Map<String, List<String>> targets) {
        try {
            Files.createDirectories(LOGS);
            Path folder = Files.createTempDirectory("ledgersync-prometheus-");
            int port = freePort();
            Path rules = TestAlertRules.writeShortened(folder.resolve("alerts.yml"));
            Path config = folder.resolve("prometheus.yml");
            Files.writeString(config, configuration(targets, rules, "127.0.0.1:" + port));
            Path log = LOGS.resolve(name + ".log");
            Process process = new ProcessBuilder("prometheus", "--config.file=" + config,
                    "--storage.tsdb.path=" + folder.resolve("data"), "--web.listen-address=127.0.0.1:" + port,
                    "--log.level=info").redirectErrorStream(true).redirectOutput(log.toFile()).start();
            LEFT_RUNNING.add(process);
            TestPrometheus prometheus = new TestPrometheus(process, folder, log, URI.create("http://127.0.0.1:" + port));
            try {
                prometheus.awaitReady();
            } catch (RuntimeException | Error e) {
                prometheus.close();
                throw e;
            }
            return prometheus;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start prometheus", e);
        }
    }

    /** The shipped configuration, faster, with these targets and rules; fails on a job it does not know. */
    @SuppressWarnings("unchecked")
    static String configuration(Map<String, List<String>> targets, Path rules, String self) {
        Map<String, Object> config = TestAlertRules.read(SHIPPED_CONFIG);
        Map<String, Object> global = (Map<String, Object>) config.get("global");
        global.put("scrape_interval", SCRAPE_INTERVAL);
        global.put("scrape_timeout", SCRAPE_INTERVAL);
        global.put("evaluation_interval", EVALUATION_INTERVAL);
        config.put("rule_files", List.of(rules.toAbsolutePath().toString()));
        List<String> jobs = new ArrayList<>();
        for (Map<String, Object> job : (List<Map<String, Object>>) config.get("scrape_configs")) {
            String jobName = String.valueOf(job.get("job_name"));
            jobs.add(jobName);
            List<String> its = jobName.equals("prometheus") ? List.of(self) : targets.getOrDefault(jobName, List.of());
            Map<String, Object> staticConfig = new LinkedHashMap<>();
            staticConfig.put("targets", its);
            job.put("static_configs", List.of(staticConfig));
        }
        if (!jobs.containsAll(targets.keySet())) {
            throw new IllegalArgumentException("targets for jobs " + targets.keySet() + "; " + SHIPPED_CONFIG + " has " + jobs);
        }
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(options).dump(config);
    }

    private void awaitReady() {
        try {
            Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).alias("prometheus answers /-/ready")
                    .failFast("prometheus ended", () -> !process.isAlive())
                    .ignoreExceptions().until(() -> get("/-/ready").statusCode() == 200);
        } catch (ConditionTimeoutException | org.awaitility.core.TerminalFailureException e) {
            throw new AssertionError(e.getMessage() + "\n" + describe(), e);
        }
    }

    /**
     * Waits for {@code condition}, asking Prometheus again and again; a timeout fails with what Prometheus has then (its
     * alerts, targets and the end of its log).
     */
    void await(String what, Duration atMost, Callable<Boolean> condition) {
        try {
            Awaitility.await().atMost(atMost).pollInterval(Duration.ofMillis(250)).alias(what)
                    .failFast("prometheus ended", () -> !process.isAlive()).ignoreExceptions().until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(e.getMessage() + "\nalerts: " + alerts() + "\ntargets: " + targets() + "\n" + describe(), e);
        }
    }

    /** The {@code data} of an instant query, e.g. {@code {"resultType": "vector", "result": [...]}}. */
    JsonNode query(String promql) {
        return data("/api/v1/query?query=" + encode(promql));
    }

    /** The result of an instant query: one element per series. */
    List<JsonNode> series(String promql) {
        return list(query(promql).path("result"));
    }

    /** The values of {@code label} over the series that match {@code selector}, as Grafana's label_values() asks for them. */
    List<String> labelValues(String label, String selector) {
        return list(data("/api/v1/label/" + label + "/values?match[]=" + encode(selector))).stream().map(JsonNode::asString).toList();
    }

    /** The alerts now pending or firing ({@code /api/v1/alerts}). */
    List<JsonNode> alerts() {
        return list(data("/api/v1/alerts").path("alerts"));
    }

    /** Every rule loaded, over all groups ({@code /api/v1/rules}). */
    List<JsonNode> rules() {
        List<JsonNode> rules = new ArrayList<>();
        for (JsonNode group : data("/api/v1/rules").path("groups")) {
            group.path("rules").forEach(rules::add);
        }
        return rules;
    }

    /** The scrape targets and their health ({@code /api/v1/targets}), for failure messages. */
    String targets() {
        return data("/api/v1/targets").toString();
    }

    private JsonNode data(String pathAndQuery) {
        HttpResponse<String> response = get(pathAndQuery);
        JsonNode body = json.readTree(response.body());
        if (response.statusCode() != 200 || !"success".equals(body.path("status").asString())) {
            throw new IllegalStateException(pathAndQuery + " answered " + response.statusCode() + ": " + response.body());
        }
        return body.path("data");
    }

    private HttpResponse<String> get(String pathAndQuery) {
        try {
            return http.send(HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** For assertion messages: where it listens, then the end of its log. */
    String describe() {
        String text;
        try {
            text = Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            text = "(cannot read " + log + ": " + e.getMessage() + ")";
        }
        List<String> lines = text.lines().toList();
        return "prometheus at " + base + (process.isAlive() ? "" : " (exit " + process.exitValue() + ")") + ", log "
                + log.toAbsolutePath() + ":\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LEFT_RUNNING.remove(process);
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
