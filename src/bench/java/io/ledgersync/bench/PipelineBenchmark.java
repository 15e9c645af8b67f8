package io.ledgersync.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import io.ledgersync.sandbox.SandboxFaults;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/**
 * The benchmark of issue 7: how close a full sync comes to what the source can serve and the warehouse can take.
 * For each database it measures, in fresh JVMs and interleaved round by round, (a) source only, (b) sink only and
 * (c) the whole pipeline on the same sandbox data, then the targets' scenarios (memory, rate limit, latency), and
 * prints medians and the ratios the targets need. The sandbox runs in this JVM, outside the measured ones, and counts
 * the requests. Run it with {@code bench/run.sh}; options there. Not a test.
 */
final class PipelineBenchmark {

    record Workload(String name, int companies, int invoicesPerCompany) {
        long records() {
            return companies + (long) companies * invoicesPerCompany;
        }
    }

    /**
     * @param sandboxCpu CPU seconds of this JVM, which runs the sandbox, over the whole measurement
     * @param serverCpu CPU seconds of the PostgreSQL server over the whole measurement; NaN on H2 (inside the client)
     */
    record Run(Map<String, String> figures, long requests, long refused, double sandboxCpu, double serverCpu) {
        double recordsPerSecond() {
            return Double.parseDouble(figures.get("records")) / seconds();
        }

        double seconds() {
            return Double.parseDouble(figures.get("seconds"));
        }

        double number(String key) {
            return Double.parseDouble(figures.getOrDefault(key, "NaN"));
        }
    }

    private static final Map<String, Workload> WORKLOADS = Map.of(
            "W1", new Workload("W1", 10, 20_000),
            "W1M", new Workload("W1M", 10, 100_000),
            "smoke", new Workload("smoke", 3, 3_000));

    /**
     * A named workload, or {@code <companies>x<invoices per company>} (e.g. {@code 4x100000}: four partitions of W1M's
     * size at once, which shows what a partition holds per record read in less than half of W1M's time); null if neither.
     */
    private static Workload workload(String name) {
        java.util.regex.Matcher custom = java.util.regex.Pattern.compile("(\\d+)x(\\d+)").matcher(name);
        return custom.matches() ? new Workload(name, Integer.parseInt(custom.group(1)), Integer.parseInt(custom.group(2)))
                : WORKLOADS.get(name);
    }

    private final Map<String, String> options;
    private final Workload workload;
    private final int pageSize;
    private final int concurrency;
    private final Map<String, String> extra;
    private final Path logs = Path.of("target", "bench", "logs",
            java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    private int measurements;

    private PipelineBenchmark(Map<String, String> options, Map<String, String> extra) {
        this.options = options;
        this.workload = workload(options.getOrDefault("workload", "W1"));
        if (workload == null) {
            throw new IllegalArgumentException("--workload is one of " + WORKLOADS.keySet() + " or <companies>x<invoices>");
        }
        this.pageSize = Integer.parseInt(options.getOrDefault("page-size", "1000"));
        this.concurrency = Integer.parseInt(options.getOrDefault("concurrency", "4"));
        this.extra = extra;
    }

    public static void main(String[] args) throws Exception {
        // The embedded PostgreSQL logs every line of its server at INFO; the tables are the output here.
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
                .setLevel(ch.qos.logback.classic.Level.WARN);
        Map<String, String> options = new LinkedHashMap<>();
        Map<String, String> extra = new LinkedHashMap<>();
        for (String arg : args) {
            if (arg.startsWith("--set=") && arg.indexOf('=', 6) > 0) {
                String property = arg.substring("--set=".length());
                extra.put(property.substring(0, property.indexOf('=')), property.substring(property.indexOf('=') + 1));
                continue;
            }
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("options are --name=value: " + arg);
            }
            options.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        new PipelineBenchmark(options, extra).run();
        System.exit(0);
    }

    private void run() throws Exception {
        Files.createDirectories(logs);
        List<String> scenarios = list("scenarios", "throughput,memory,rate-limit,latency");
        List<BenchDatabase> databases = new ArrayList<>();
        for (String name : list("databases", "postgres,h2")) {
            databases.add(switch (name) {
                case "postgres" -> BenchDatabase.postgres(options.getOrDefault("postgres", "embedded"));
                case "h2" -> BenchDatabase.h2(Path.of("target", "bench", "h2"));
                default -> throw new IllegalArgumentException("--databases: postgres, h2");
            });
        }
        BenchDatabase postgres = databases.stream().filter(d -> d.name().startsWith("postgres")).findFirst()
                .orElse(databases.get(0));
        System.out.printf(Locale.ROOT, "ledgersync pipeline benchmark: workload %s = %d companies x %,d invoices (%,d records with"
                + " the companies), page size %d, concurrency %d, Java %s, %d cores, load average %.1f%n", workload.name(),
                workload.companies(), workload.invoicesPerCompany(), workload.records(), pageSize, concurrency,
                Runtime.version(), Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        if (!extra.isEmpty()) {
            System.out.println("extra application properties: " + extra);
        }
        if (scenarios.contains("throughput")) {
            throughput(databases);
        }
        if (scenarios.contains("memory")) {
            memory(postgres);
        }
        if (scenarios.contains("rate-limit")) {
            rateLimit(postgres);
        }
        if (scenarios.contains("latency")) {
            latency(postgres);
        }
    }

    /** (a), (b), (c) per database, interleaved round by round so that a noisy minute hits all three alike. */
    private void throughput(List<BenchDatabase> databases) throws Exception {
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "3"));
        String heap = options.getOrDefault("xmx", "3g");
        System.out.printf(Locale.ROOT, "%n## Throughput: %d rounds, each measurement in a fresh JVM (-Xmx%s; sink only -Xmx%s, as it"
                + " holds its input), client rate limit lifted (it would measure itself)%n%n", rounds, heap,
                options.getOrDefault("sink-xmx", heap));
        System.out.println("| database | measurement | records/s (median) | records/s per round | s (median) | requests | CPU s | GC ms | GCs |"
                + " peak heap used MB | max heap after GC MB | sandbox CPU s | PostgreSQL CPU s |");
        System.out.println("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        Map<String, Map<String, List<Run>>> all = new LinkedHashMap<>();
        for (BenchDatabase database : databases) {
            Map<String, List<Run>> byMode = new LinkedHashMap<>();
            for (int round = 1; round <= rounds; round++) {
                for (String mode : list("modes", "source,sink,pipeline")) {
                    // sink only holds every record in memory before it writes (as text: ~2 KB a record, ~0.4 GB for W1)
                    String modeHeap = mode.equals("sink") ? options.getOrDefault("sink-xmx", heap) : heap;
                    byMode.computeIfAbsent(mode, m -> new ArrayList<>()).add(measure(mode, database, workload, modeHeap,
                            unlimitedClient(), faults -> { }));
                }
            }
            byMode.forEach((mode, runs) -> printRow(database.name(), mode, runs));
            all.put(database.name(), byMode);
        }
        System.out.println();
        long minimum = 1 + workload.companies() * Math.max(1, (workload.invoicesPerCompany() + pageSize - 1) / pageSize);
        all.forEach((database, byMode) -> {
            if (byMode.size() < 3) {
                return; // --modes left some out: no ratio
            }
            double source = median(byMode.get("source"), Run::recordsPerSecond);
            double sink = median(byMode.get("sink"), Run::recordsPerSecond);
            double pipeline = median(byMode.get("pipeline"), Run::recordsPerSecond);
            double ratio = pipeline / Math.min(source, sink);
            System.out.printf(Locale.ROOT, "%s: pipeline / min(source, sink) = %,.0f / min(%,.0f, %,.0f) = %.2f (target >= 0.80 on"
                    + " PostgreSQL: %s); pipeline / source = %.2f, pipeline / sink = %.2f%n", database, pipeline, source, sink, ratio,
                    ratio >= 0.8 ? "met" : "missed", pipeline / source, pipeline / sink);
            cpuFloor(database, byMode.get("pipeline"));
            long maxRequests = byMode.get("pipeline").stream().mapToLong(Run::requests).max().orElse(-1);
            System.out.printf(Locale.ROOT, "%s: pipeline requests, most in a round = %d, minimum for page size %d = %d (%s)%n",
                    database, maxRequests, pageSize, minimum, maxRequests == minimum ? "met" : "missed");
        });
    }

    /** A million invoices in 256 MB of heap; W1 in the same heap alongside shows whether memory grows with the data. */
    private void memory(BenchDatabase database) throws Exception {
        String heap = options.getOrDefault("memory-xmx", "256m");
        System.out.printf(Locale.ROOT, "%n## Memory: the pipeline in -Xmx%s, into %s%n%n", heap, database.name());
        System.out.println("| workload | records | completed | records/s | GC ms | GCs | peak heap used MB | max heap after GC MB |");
        System.out.println("|---|---:|---|---:|---:|---:|---:|---:|");
        Workload large = workload(options.getOrDefault("memory-workload", "W1M"));
        for (Workload each : List.of(workload, large)) {
            Run run = measure("pipeline", database, each, heap, unlimitedClient(), faults -> { });
            boolean completed = run.figures().containsKey("records") && run.number("rows") == (double) each.companies() * each.invoicesPerCompany();
            System.out.printf(Locale.ROOT, "| %s | %,d | %s | %,.0f | %s | %s | %s | %s |%n", each.name(), each.records(),
                    completed ? "yes" : "NO", completed ? run.recordsPerSecond() : 0.0, run.figures().get("gcMillis"),
                    run.figures().get("gcCount"), run.figures().get("peakUsedMb"), run.figures().get("peakLiveMb"));
        }
    }

    /** The sandbox's token bucket at R requests/s, the client's rate limiter set to the same R, as a user would. */
    private void rateLimit(BenchDatabase database) throws Exception {
        int rate = Integer.parseInt(options.getOrDefault("rate", "5"));
        int burst = Integer.parseInt(options.getOrDefault("burst", String.valueOf(rate)));
        System.out.printf(Locale.ROOT, "%n## Rate limit: sandbox token bucket %d requests/s (burst %d), client"
                + " ledgersync.api.rate-limit.requests-per-second=%d, into %s%n%n", rate, burst, rate, database.name());
        Run run = measure("pipeline", database, workload, options.getOrDefault("xmx", "3g"),
                Map.of("ledgersync.api.rate-limit.requests-per-second", String.valueOf(rate)),
                faults -> faults.all().rateLimit(rate, burst));
        if (!run.figures().containsKey("records")) {
            return; // measure() said why
        }
        // what the sync got done: the pages answered; a 429 is a request the source spent nothing on
        double achieved = (run.requests() - run.refused()) / run.seconds();
        double refusedShare = 100.0 * run.refused() / run.requests();
        System.out.printf(Locale.ROOT, "%d requests (%d answered 200) in %.2f s = %.2f pages/s = %.3f R (target >= 0.95: %s);"
                + " answered 429: %d = %.2f%% (target <= 1%%: %s)%n", run.requests(), run.requests() - run.refused(), run.seconds(),
                achieved, achieved / rate, achieved / rate >= 0.95 ? "met" : "missed", run.refused(), refusedShare,
                refusedShare <= 1.0 ? "met" : "missed");
    }

    /** 100 ms more per request at the sandbox: how well parallel companies hide it. */
    private void latency(BenchDatabase database) throws Exception {
        Duration latency = Duration.ofMillis(Long.parseLong(options.getOrDefault("latency-ms", "100")));
        System.out.printf(Locale.ROOT, "%n## Latency: %d ms added to every request by the sandbox, into %s%n%n", latency.toMillis(),
                database.name());
        System.out.println("| page size | concurrency | requests | wall s | bound = pages x latency / concurrency, s | wall / bound (target <= 1.25) |");
        System.out.println("|---:|---:|---:|---:|---:|---:|");
        for (String size : list("latency-page-size", String.valueOf(pageSize))) {
            for (String each : list("latency-concurrency", String.valueOf(concurrency))) {
                int partitions = Integer.parseInt(each);
                Map<String, String> properties = new LinkedHashMap<>(unlimitedClient());
                properties.put("ledgersync.sync.concurrency", each);
                properties.put("ledgersync.api.page-size", size);
                Run run = measure("pipeline", database, workload, options.getOrDefault("xmx", "3g"), properties,
                        faults -> faults.all().latency(latency));
                if (!run.figures().containsKey("records")) {
                    continue; // measure() said why
                }
                double bound = run.requests() * latency.toMillis() / 1000.0 / partitions;
                System.out.printf(Locale.ROOT, "| %s | %d | %d | %.2f | %.2f | %.2f (%s) |%n", size, partitions, run.requests(), run.seconds(),
                        bound, run.seconds() / bound, run.seconds() / bound <= 1.25 ? "met" : "missed");
            }
        }
    }

    private static Map<String, String> unlimitedClient() {
        return Map.of("ledgersync.api.rate-limit.requests-per-second", "100000");
    }

    private Run measure(String mode, BenchDatabase database, Workload data, String heap, Map<String, String> properties,
            Consumer<SandboxFaults> faults) throws Exception {
        String label = "bench_" + (++measurements) + "_" + mode;
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(data.companies())
                .withInvoicesPerCompany(data.invoicesPerCompany()))) {
            faults.accept(sandbox.faults());
            Path log = logs.resolve(label + ".log");
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + heap));
            if (Boolean.parseBoolean(options.getOrDefault("jfr", "false"))) {
                // a profile of the whole JVM, for `jfr print --events jdk.ExecutionSample`: where the time goes
                command.add("-XX:StartFlightRecording=settings=profile,filename=" + logs.resolve(label + ".jfr"));
            }
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), Measurement.class.getName(), mode));
            command.addAll(database.create(label));
            // one value per property: Spring joins repeated command-line options into a list
            Map<String, String> all = new LinkedHashMap<>(Map.of("ledgersync.api.base-url", sandbox.baseUrl().toString(),
                    "ledgersync.api.api-key", sandbox.apiKey(), "ledgersync.api.page-size", String.valueOf(pageSize),
                    "ledgersync.sync.concurrency", String.valueOf(concurrency), "logging.level.root", "WARN"));
            all.putAll(properties);
            all.putAll(extra);
            all.forEach((key, value) -> command.add("--" + key + "=" + value));
            ServerCpu server = database.serverCpu();
            double serverBefore = server.seconds();
            double sandboxBefore = processCpuSeconds();
            MeasuredJvm measured = MeasuredJvm.run(command, log);
            double sandboxCpu = processCpuSeconds() - sandboxBefore;
            double serverCpu = server.seconds() - serverBefore;
            long requests = sandbox.requestCount();
            long refused = sandbox.faults().injected();
            database.drop(label);
            Map<String, String> figures = measured.figures();
            if (!figures.containsKey("records")) {
                System.out.println("(" + mode + " on " + database.name() + " failed, exit " + measured.exitValue() + ": see " + log + ")");
            }
            return new Run(figures, requests, refused, sandboxCpu, serverCpu);
        }
    }

    /**
     * Where the pipeline's time goes on this machine: the CPU of the client, the sandbox and the database server
     * together, divided by the cores, is the shortest the run could take if nothing ever waited.
     */
    private static void cpuFloor(String database, List<Run> pipeline) {
        double client = median(pipeline, r -> r.number("cpuSeconds"));
        double sandbox = median(pipeline, Run::sandboxCpu);
        double server = median(pipeline, Run::serverCpu);
        double total = client + sandbox + (Double.isNaN(server) ? 0 : server);
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "%s: pipeline CPU = client %.1f + sandbox %.1f + PostgreSQL %s = %.1f s on %d cores: at least %.2f s,"
                + " measured %.2f s (the cores %.0f%% busy)%n", database, client, sandbox, Double.isNaN(server) ? "n/a" : String.format(Locale.ROOT,
                "%.1f", server), total, cores, total / cores, median(pipeline, Run::seconds), 100 * total / cores / median(pipeline, Run::seconds));
    }

    private static double processCpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1e9;
    }

    private void printRow(String database, String mode, List<Run> runs) {
        List<Run> ok = runs.stream().filter(r -> r.figures().containsKey("records")).toList();
        if (ok.isEmpty()) {
            System.out.printf("| %s | %s | failed | | | | | | | | |%n", database, mode);
            return;
        }
        String perRound = String.join(", ", ok.stream().map(r -> String.format(Locale.ROOT, "%,.0f", r.recordsPerSecond())).toList());
        // sink only fetches its input from the sandbox before the timed section: its sandbox CPU is not part of it
        String sandboxCpu = mode.equals("sink") ? "n/a" : String.format(Locale.ROOT, "%.1f", median(ok, Run::sandboxCpu));
        double serverCpu = median(ok, Run::serverCpu);
        System.out.printf(Locale.ROOT, "| %s | %s | **%,.0f** | %s | %.2f | %.0f | %.1f | %.0f | %.0f | %.0f | %.0f | %s | %s |%n", database, mode,
                median(ok, Run::recordsPerSecond), perRound, median(ok, Run::seconds), median(ok, r -> (double) r.requests()),
                median(ok, r -> r.number("cpuSeconds")), median(ok, r -> r.number("gcMillis")), median(ok, r -> r.number("gcCount")),
                median(ok, r -> r.number("peakUsedMb")), median(ok, r -> r.number("peakLiveMb")), sandboxCpu,
                Double.isNaN(serverCpu) ? "n/a" : String.format(Locale.ROOT, "%.1f", serverCpu));
    }

    private static double median(List<Run> runs, java.util.function.ToDoubleFunction<Run> figure) {
        double[] values = runs.stream().filter(r -> r.figures().containsKey("records")).mapToDouble(figure).sorted().toArray();
        if (values.length == 0) {
            return Double.NaN;
        }
        return values.length % 2 == 1 ? values[values.length / 2] : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    }

    private List<String> list(String option, String defaults) {
        return Arrays.stream(options.getOrDefault(option, defaults).split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
