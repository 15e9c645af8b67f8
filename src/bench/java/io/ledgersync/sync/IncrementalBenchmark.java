package io.ledgersync.sync;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sandbox.records.DataSetState.Changes;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;

/**
 * Issue 13: a full sync of W1 (10 companies x 20,000 invoices) against the incremental run after 1 % of the invoices
 * changed (per company: 1 % of its invoices, as 40 % updates, 20 % inserts, 20 % soft deletes, 20 % hard deletes),
 * side by side in one JVM, one database, round by round: time and requests of each, and the requests an incremental
 * run needs at the least for the page size (one page per company data set when the changes fit on a page, plus the
 * companies). The sandbox runs in this JVM. Not a test; {@code bench/incremental.sh} runs it.
 *
 * <p>Options: {@code --rounds=N} (3), {@code --companies=N} (10), {@code --invoices=N} (20000), {@code --page-size=N}
 * (1000), {@code --database=h2|postgres} (h2), {@code --jdbc-url=URL} (PostgreSQL: the URL of an existing database).
 */
final class IncrementalBenchmark {

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>(Map.of("rounds", "3", "companies", "10", "invoices", "20000",
                "page-size", "1000", "database", "h2"));
        for (String arg : args) {
            String[] pair = arg.replaceFirst("^--", "").split("=", 2);
            options.put(pair[0], pair.length > 1 ? pair[1] : "true");
        }
        int rounds = Integer.parseInt(options.get("rounds"));
        int companies = Integer.parseInt(options.get("companies"));
        int invoices = Integer.parseInt(options.get("invoices"));
        int pageSize = Integer.parseInt(options.get("page-size"));
        int changed = invoices / 100;
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(companies)
                .withInvoicesPerCompany(invoices).withSeed(13))) {
            String url = options.containsKey("jdbc-url") ? options.get("jdbc-url")
                    : "jdbc:h2:file:" + Files.createTempDirectory("incr-bench").toAbsolutePath().resolve("warehouse")
                            + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
            List<String> properties = List.of("--spring.datasource.url=" + url, "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                    "--ledgersync.api.api-key=" + sandbox.apiKey(), "--ledgersync.api.page-size=" + pageSize,
                    "--ledgersync.sync.on-startup=false", "--ledgersync.schedule.enabled=false", "--server.port=0",
                    "--ledgersync.security.password=bench", "--logging.level.io.ledgersync=" + options.getOrDefault("log", "WARN"),
                    "--ledgersync.api.rate-limit.requests-per-second=1000");
            try (ConfigurableApplicationContext app = SpringApplication.run(LedgersyncApplication.class,
                    properties.toArray(String[]::new))) {
                SyncLauncher launcher = app.getBean(SyncLauncher.class);
                List<double[]> measured = new ArrayList<>();
                System.out.printf(Locale.ROOT, "# W1-like: %d companies x %d invoices, page size %d, %s, %d changed per company%n",
                        companies, invoices, pageSize, options.get("database"), changed);
                System.out.println("| round | full s | full requests | incremental s | incremental requests | minimum |"
                        + " incremental records | ratio |");
                System.out.println("|---|---|---|---|---|---|---|---|");
                for (int round = 1; round <= rounds; round++) {
                    long before = sandbox.requestCount();
                    SyncReport full = launcher.run(SyncRequest.everything().withFullRefresh());
                    long fullRequests = sandbox.requestCount() - before;
                    for (String companyId : sandbox.dataSet().companyIds()) {
                        sandbox.faults().dataSet(companyId, "invoices").change(new Changes(changed / 5, changed * 2 / 5,
                                changed / 5, changed / 5, 0, null));
                    }
                    before = sandbox.requestCount();
                    SyncReport incremental = launcher.run(SyncRequest.everything());
                    long incrementalRequests = sandbox.requestCount() - before;
                    long minimum = 1 + 2L * companies; // companies, then one page of invoices and of customers each
                    double ratio = incremental.duration().toNanos() / (double) full.duration().toNanos();
                    if (!full.successful() || !incremental.successful()) {
                        throw new IllegalStateException("a run failed: " + full.failures() + incremental.failures());
                    }
                    System.out.printf(Locale.ROOT, "| %d | %.2f | %d | %.3f | %d | %d | %d | %.4f |%n", round,
                            full.duration().toMillis() / 1000.0, fullRequests, incremental.duration().toMillis() / 1000.0,
                            incrementalRequests, minimum, incremental.records("invoices"), ratio);
                    measured.add(new double[] {full.duration().toMillis() / 1000.0, incremental.duration().toMillis() / 1000.0,
                            ratio});
                }
                System.out.printf(Locale.ROOT, "medians: full %.2f s, incremental %.3f s, incremental/full %.4f%n",
                        median(measured, 0), median(measured, 1), median(measured, 2));
            }
        }
    }

    private static double median(List<double[]> rows, int column) {
        double[] values = rows.stream().mapToDouble(row -> row[column]).sorted().toArray();
        return values.length % 2 == 1 ? values[values.length / 2]
                : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    }

    private IncrementalBenchmark() {
    }
}
