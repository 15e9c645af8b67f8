package io.ledgersync.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.source.DataApiProperties;

/**
 * Issue 23, one broken company data set never holds back the others: the real {@code sync} command ({@link InProcessSync})
 * on a fresh warehouse, (a) against a healthy Data API and (b) with one company's data set answering 500 to every
 * request, interleaved round by round (the order alternates), with the default retry and circuit-breaker settings
 * ({@code config/application.yml}). Prints each round, the medians, (b) − (a) against one retry budget (the retry
 * waits of one request plus {@code max-pause}, computed from the settings the command ran with), and per data set
 * where the difference went. (b) must end FAILED, exit code 7, with exactly that one company data set failed. The
 * sandbox runs in this JVM, every request {@code --latency-ms} late. Not a test; {@code bench/company-failures.sh}
 * runs it. A warm-up run per database is not counted.
 *
 * <p>Options: {@code --rounds=N} (3), {@code --companies=N} (50), {@code --invoices=N} (100 per company; the other
 * data sets the sandbox's default sizes), {@code --latency-ms=N} (100), {@code --broken=<data set>} (bills),
 * {@code --databases=h2,postgres} (h2; PostgreSQL is the tests' embedded server), any {@code --set=key=value} passed
 * to the command.
 */
final class CompanyFailuresBenchmark {

    private static final String LABEL = "bench_company_failures";

    private CompanyFailuresBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>(Map.of("rounds", "3", "companies", "50", "invoices", "100",
                "latency-ms", "100", "broken", "bills", "databases", "h2"));
        // the embedded PostgreSQL's server log would bury the tables; the commands' own logs go to files
        List<String> extra = new ArrayList<>();
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("io.zonky")).setLevel(ch.qos.logback.classic.Level.WARN);
        for (String arg : args) {
            String[] pair = arg.replaceFirst("^--", "").split("=", 2);
            if (pair[0].equals("set")) {
                extra.add("--" + pair[1]);
            } else {
                options.put(pair[0], pair.length > 1 ? pair[1] : "true");
            }
        }
        int rounds = Integer.parseInt(options.get("rounds"));
        int companies = Integer.parseInt(options.get("companies"));
        Duration latency = Duration.ofMillis(Long.parseLong(options.get("latency-ms")));
        String brokenDataSet = options.get("broken");
        System.out.printf(Locale.ROOT, "# %s, %d cores, Java %s, load average %s at the start%n", Instant.now(),
                Runtime.getRuntime().availableProcessors(), Runtime.version(), loadAverage());
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(companies)
                .withInvoicesPerCompany(Integer.parseInt(options.get("invoices"))).withSeed(23))) {
            String brokenCompany = sandbox.dataSet().companyIds().get(companies / 2);
            String brokenPath = "/companies/" + brokenCompany + "/data/" + sandboxName(brokenDataSet);
            System.out.printf(Locale.ROOT, "# %d companies, %s per company, every request %d ms late; broken: %s answers 500 to"
                    + " every request; %d rounds; extra settings %s%n", companies, recordsPerCompany(sandbox, brokenCompany),
                    latency.toMillis(), brokenPath, rounds, extra);
            Path work = Path.of("target", "bench", "company-failures");
            Files.createDirectories(work);
            for (String database : options.get("databases").split(",")) {
                BenchDatabase warehouse = database.equals("postgres") ? BenchDatabase.postgres("embedded")
                        : BenchDatabase.h2(work.resolve("h2"));
                new Comparison(sandbox, warehouse, latency, brokenPath, brokenDataSet + " of company " + brokenCompany, extra,
                        work).run(rounds);
            }
        }
        System.exit(0);
    }

    /** The sandbox's name of a data set (its path's last segment), e.g. {@code creditNotes} for credit_notes. */
    private static String sandboxName(String dataSet) {
        String[] words = dataSet.split("_");
        StringBuilder name = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            name.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return name.toString();
    }

    private static String recordsPerCompany(SandboxServer sandbox, String company) {
        List<String> counts = new ArrayList<>();
        for (String dataType : sandbox.dataSet().dataTypes()) {
            counts.add(sandbox.dataSet().count(company, dataType) + " " + dataType);
        }
        return String.join(", ", counts);
    }

    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (java.io.IOException e) {
            return String.format(Locale.ROOT, "%.2f",
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    /** The rounds on one database. */
    private record Comparison(SandboxServer sandbox, BenchDatabase warehouse, Duration latency, String brokenPath,
            String brokenPartition, List<String> extra, Path work) {

        void run(int rounds) throws Exception {
            System.out.printf(Locale.ROOT, "%n## %s%n", warehouse.name());
            InProcessSync.Result warmUp = measure(false, "warm-up");
            System.out.printf(Locale.ROOT, "warm-up (not counted): healthy run %.1f s, exit code %d%n%n", warmUp.runSeconds(),
                    warmUp.exitCode());
            System.out.println("| round | order | healthy: command s | healthy: run s | broken: command s | broken: run s |"
                    + " broken − healthy (run) s | broken: exit code, failures | load average after |");
            System.out.println("|---:|---|---:|---:|---:|---:|---:|---|---|");
            List<InProcessSync.Result> healthy = new ArrayList<>();
            List<InProcessSync.Result> broken = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                boolean healthyFirst = round % 2 == 1; // a noisy minute on a shared machine hits both alike
                InProcessSync.Result first = measure(!healthyFirst, "round-" + round);
                InProcessSync.Result second = measure(healthyFirst, "round-" + round);
                InProcessSync.Result a = healthyFirst ? first : second;
                InProcessSync.Result b = healthyFirst ? second : first;
                check(a, b);
                healthy.add(a);
                broken.add(b);
                System.out.printf(Locale.ROOT, "| %d | %s | %.1f | %.1f | %.1f | %.1f | %+.1f | %d, %d: %s | %s |%n", round,
                        healthyFirst ? "healthy, broken" : "broken, healthy", a.commandSeconds(), a.runSeconds(),
                        b.commandSeconds(), b.runSeconds(), b.runSeconds() - a.runSeconds(), b.exitCode(),
                        b.report().failures().size(), brokenPartition, loadAverage());
            }
            summarise(healthy, broken);
        }

        private InProcessSync.Result measure(boolean withBrokenDataSet, String name) throws Exception {
            sandbox.faults().clear();
            sandbox.faults().all().latency(latency);
            if (withBrokenDataSet) {
                sandbox.faults().path(brokenPath).serverErrors(1.0);
            }
            List<String> settings = new ArrayList<>(warehouse.create(LABEL));
            settings.add("--ledgersync.api.base-url=" + sandbox.baseUrl());
            settings.add("--ledgersync.api.api-key=" + sandbox.apiKey());
            settings.add("--logging.level.io.zonky=WARN");
            settings.addAll(extra);
            Path log = work.resolve(warehouse.name().replaceAll("\\W+", "-") + name + (withBrokenDataSet ? "-broken" : "-healthy")
                    + ".log");
            try {
                return InProcessSync.run(settings, log);
            } finally {
                sandbox.faults().clear();
                warehouse.drop(LABEL);
            }
        }

        /** The healthy run completed; the broken one FAILED with exit code 7 and exactly the one partition failed. */
        private void check(InProcessSync.Result healthy, InProcessSync.Result broken) {
            if (healthy.exitCode() != 0 || !healthy.report().successful()) {
                throw new IllegalStateException("the healthy run did not complete: " + healthy.report().summary() + " "
                        + healthy.report().failures());
            }
            List<String> failures = broken.report().failures();
            if (broken.exitCode() != 7 || broken.report().successful() || failures.size() != 1
                    || !failures.get(0).startsWith(brokenPartition + ": ")) {
                throw new IllegalStateException("the broken run did not fail with exactly " + brokenPartition + ", exit code 7: exit code "
                        + broken.exitCode() + ", " + broken.report().summary() + " " + failures);
            }
        }

        private void summarise(List<InProcessSync.Result> healthy, List<InProcessSync.Result> broken) {
            double a = median(healthy.stream().map(InProcessSync.Result::runSeconds).toList());
            double b = median(broken.stream().map(InProcessSync.Result::runSeconds).toList());
            double aCommand = median(healthy.stream().map(InProcessSync.Result::commandSeconds).toList());
            double bCommand = median(broken.stream().map(InProcessSync.Result::commandSeconds).toList());
            double[] budget = retryBudget(broken.get(0).api());
            System.out.printf(Locale.ROOT, "%nmedians: healthy run %.1f s, broken run %.1f s, broken / healthy %.2f, broken − healthy"
                    + " %.1f s (whole commands: %.1f s and %.1f s, difference %.1f s)%n", a, b, b / a, b - a, aCommand, bCommand,
                    bCommand - aCommand);
            System.out.printf(Locale.ROOT, "one retry budget: %s%n", describeBudget(broken.get(0).api(), budget));
            System.out.printf(Locale.ROOT, "broken − healthy %.1f s against one retry budget %.1f s (%.0f %%): %s; against the"
                    + " jitter's upper bound %.1f s: %s%n", b - a, budget[1], 100 * (b - a) / budget[1],
                    b - a <= budget[1] ? "within" : "OVER", budget[2], b - a <= budget[2] ? "within" : "OVER");
            InProcessSync.Result last = broken.get(broken.size() - 1);
            System.out.println("the broken run's summary: " + last.report().summary());
            System.out.println("its failure: " + last.report().failures().get(0));
            System.out.printf(Locale.ROOT, "%n| data set | healthy s (median) | broken s (median) | broken − healthy s |%n");
            System.out.println("|---|---:|---:|---:|");
            for (String dataSet : healthy.get(0).dataSetEnds().keySet()) {
                double h = median(healthy.stream().map(r -> stepSeconds(r, dataSet)).toList());
                double x = median(broken.stream().map(r -> stepSeconds(r, dataSet)).toList());
                System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %+.1f |%n", dataSet, h, x, x - h);
            }
        }
    }

    /** A data set step's time: from the end of the previous data set's last partition (or the run's start) to its own. */
    private static double stepSeconds(InProcessSync.Result result, String dataSet) {
        double previous = 0;
        for (Map.Entry<String, Double> end : result.dataSetEnds().entrySet()) {
            if (end.getKey().equals(dataSet)) {
                return end.getValue() - previous;
            }
            previous = end.getValue();
        }
        return Double.NaN;
    }

    /**
     * One request's bound with these settings: its retry waits (attempts − 1 of them, the backoff doubling from
     * {@code initial-backoff}, at most {@code max-backoff}) plus {@code max-pause} on its company's open breaker; as
     * {low, nominal, high}: the jitter moves each wait by up to ± {@code jitter}, still at most {@code max-backoff}.
     */
    static double[] retryBudget(DataApiProperties api) {
        DataApiProperties.Retry retry = api.retry();
        double max = retry.maxBackoff().toMillis() / 1000.0;
        double pause = api.circuitBreaker().maxPause().toMillis() / 1000.0;
        double[] budget = {pause, pause, pause};
        double wait = retry.initialBackoff().toMillis() / 1000.0;
        for (int attempt = 1; attempt < retry.maxAttempts(); attempt++) {
            double nominal = Math.min(wait, max);
            budget[0] += Math.min(nominal * (1 - retry.jitter()), max);
            budget[1] += nominal;
            budget[2] += Math.min(nominal * (1 + retry.jitter()), max);
            wait *= retry.multiplier();
        }
        return budget;
    }

    private static String describeBudget(DataApiProperties api, double[] budget) {
        DataApiProperties.Retry retry = api.retry();
        double pause = seconds(api.circuitBreaker().maxPause());
        return String.format(Locale.ROOT, "%d attempts, backoff %.1f s x%.1f per attempt, at most %.1f s, jitter ±%.0f %%:"
                + " retry waits %.1f s (%.1f to %.1f s with the jitter), plus max-pause %.1f s = %.1f s (%.1f to %.1f s)",
                retry.maxAttempts(), seconds(retry.initialBackoff()), retry.multiplier(), seconds(retry.maxBackoff()),
                100 * retry.jitter(), budget[1] - pause, budget[0] - pause, budget[2] - pause, pause, budget[1], budget[0],
                budget[2]);
    }

    private static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
