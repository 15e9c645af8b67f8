package io.ledgersync.sync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jdbi.v3.core.Jdbi;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sandbox.records.DataSetState.Changes;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;

/**
 * Issue 26: the same incremental night with history on and with it off, side by side: two instances of the service in
 * this JVM, each with its own warehouse, reading one sandbox whose invoices changed (1 % per company: 40 % updates,
 * 20 % inserts, 20 % soft deletes, 20 % late changes), the order of the two alternating round by round. Wall time and
 * rows written of each; then a full refresh with nothing changed (versions written: must be 0); then the rows and
 * bytes per version. Not a test; {@code bench/history.sh} runs it.
 *
 * <p>Options: {@code --rounds=N} (5), {@code --companies=N} (4), {@code --invoices=N} (5000), {@code --page-size=N}
 * (1000), {@code --on-url} / {@code --off-url} (JDBC URLs of two empty databases; default two H2 files).
 */
final class HistoryBenchmark {

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>(Map.of("rounds", "5", "companies", "4", "invoices", "5000",
                "page-size", "1000"));
        for (String arg : args) {
            String[] pair = arg.replaceFirst("^--", "").split("=", 2);
            options.put(pair[0], pair.length > 1 ? pair[1] : "true");
        }
        int rounds = Integer.parseInt(options.get("rounds"));
        int companies = Integer.parseInt(options.get("companies"));
        int invoices = Integer.parseInt(options.get("invoices"));
        int changed = Math.max(5, invoices / 100);
        Path folder = Files.createTempDirectory("history-bench");
        String packaged = Files.readString(Path.of("jobs/invoices.yml"));
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(companies)
                .withInvoicesPerCompany(invoices).withSeed(26));
                ConfigurableApplicationContext on = start(sandbox, folder.resolve("on"), packaged, options.getOrDefault("on-url",
                        h2(folder.resolve("on-db"))), options);
                ConfigurableApplicationContext off = start(sandbox, folder.resolve("off"),
                        packaged.replace("history: true", "history: false"), options.getOrDefault("off-url",
                                h2(folder.resolve("off-db"))), options)) {
            Jdbi onDb = on.getBean(Jdbi.class);
            Jdbi offDb = off.getBean(Jdbi.class);
            on.getBean(SyncLauncher.class).run(SyncRequest.everything());
            off.getBean(SyncLauncher.class).run(SyncRequest.everything());
            System.out.printf(Locale.ROOT, "# %d companies x %d invoices, page size %s, %d changed per company a night%n",
                    companies, invoices, options.get("page-size"), changed);
            System.out.println("| round | first | off s | off rows | on s | on rows (versions, their items) | on/off time |");
            System.out.println("|---|---|---|---|---|---|---|");
            List<double[]> measured = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                for (String companyId : sandbox.dataSet().companyIds()) {
                    sandbox.faults().dataSet(companyId, "invoices").change(new Changes(changed / 5, changed * 2 / 5,
                            changed / 5, 0, changed / 5, java.time.Duration.ofMinutes(20)));
                }
                boolean onFirst = round % 2 == 1;
                double[] night = new double[2];
                long[] rows = new long[2];
                long versionsBefore = count(onDb, "invoices_history");
                long itemsBefore = count(onDb, "invoice_line_items_history") + count(onDb, "invoice_payment_allocations_history");
                for (int turn = 0; turn < 2; turn++) {
                    boolean history = onFirst == (turn == 0);
                    SyncReport report = (history ? on : off).getBean(SyncLauncher.class).run(SyncRequest.everything());
                    if (!report.successful()) {
                        throw new IllegalStateException("a run failed: " + report.failures());
                    }
                    Jdbi db = history ? onDb : offDb;
                    night[history ? 1 : 0] = report.duration().toMillis() / 1000.0;
                    rows[history ? 1 : 0] = report.records("invoices") + items(db);
                }
                long versions = count(onDb, "invoices_history") - versionsBefore;
                long versionItems = count(onDb, "invoice_line_items_history")
                        + count(onDb, "invoice_payment_allocations_history") - itemsBefore;
                double ratio = night[1] / night[0];
                System.out.printf(Locale.ROOT, "| %d | %s | %.3f | %d | %.3f | %d (%d, %d) | %.3f |%n", round, onFirst ? "on" : "off",
                        night[0], rows[0], night[1], rows[1] + versions + versionItems, versions, versionItems, ratio);
                measured.add(new double[] {night[0], night[1], ratio, onFirst ? 1 : 0});
            }
            System.out.printf(Locale.ROOT, "medians: off %.3f s, on %.3f s, on/off %.3f (ratio of the medians %.3f)%n",
                    median(measured, 0), median(measured, 1), median(measured, 2), median(measured, 1) / median(measured, 0));
            // the instance that reads a night first meets the sandbox's changed pages cold, so each instance is also
            // compared with the other in the same place: first against first, second against second
            for (boolean first : new boolean[] {true, false}) {
                List<double[]> onThere = measured.stream().filter(row -> (row[3] == 1) == first).toList();
                List<double[]> offThere = measured.stream().filter(row -> (row[3] == 1) != first).toList();
                if (!onThere.isEmpty() && !offThere.isEmpty()) {
                    System.out.printf(Locale.ROOT, "reading the night %s: off %.3f s (%d rounds), on %.3f s (%d rounds), on/off %.3f%n",
                            first ? "first" : "second", median(offThere, 0), offThere.size(), median(onThere, 1), onThere.size(),
                            median(onThere, 1) / median(offThere, 0));
                }
            }

            long before = count(onDb, "invoices_history");
            SyncReport full = on.getBean(SyncLauncher.class).run(SyncRequest.everything().withFullRefresh());
            System.out.printf(Locale.ROOT, "full refresh with nothing changed: %.2f s, %d records read, %d versions written%n",
                    full.duration().toMillis() / 1000.0, full.records("invoices"), count(onDb, "invoices_history") - before);

            long versions = count(onDb, "invoices_history");
            long items = count(onDb, "invoice_line_items_history") + count(onDb, "invoice_payment_allocations_history");
            System.out.printf(Locale.ROOT, "versions %d, their items %d (%.2f rows per version); %s%n", versions, items,
                    (versions + items) / (double) versions, bytes(onDb, versions));
        }
    }

    private static ConfigurableApplicationContext start(SandboxServer sandbox, Path jobs, String invoicesFile, String url,
            Map<String, String> options) throws Exception {
        Files.createDirectories(jobs);
        Files.copy(Path.of("jobs/companies.yml"), jobs.resolve("companies.yml"));
        Files.writeString(jobs.resolve("invoices.yml"), invoicesFile);
        List<String> properties = List.of("--spring.datasource.url=" + url, "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey(), "--ledgersync.api.page-size=" + options.get("page-size"),
                "--ledgersync.sync.datasets=file:" + jobs + "/*.yml",
                "--ledgersync.sync.on-startup=false", "--ledgersync.schedule.enabled=false", "--server.port=0",
                "--ledgersync.security.password=bench", "--logging.level.io.ledgersync=WARN",
                "--ledgersync.api.rate-limit.requests-per-second=1000");
        return SpringApplication.run(LedgersyncApplication.class, properties.toArray(String[]::new));
    }

    private static String h2(Path file) {
        return "jdbc:h2:file:" + file.toAbsolutePath().resolve("warehouse")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    }

    /** The child rows a night writes into the current tables: replaced with every parent written. */
    private static long items(Jdbi db) {
        return db.withHandle(h -> h.createQuery("SELECT (SELECT COUNT(*) FROM invoice_line_items l JOIN invoices i"
                + " ON i.company_id = l.company_id AND i.id = l.invoice_id WHERE i.synced_at = (SELECT MAX(synced_at) FROM invoices))"
                + " + (SELECT COUNT(*) FROM invoice_payment_allocations a JOIN invoices i ON i.company_id = a.company_id"
                + " AND i.id = a.invoice_id WHERE i.synced_at = (SELECT MAX(synced_at) FROM invoices))").mapTo(Long.class).one());
    }

    private static long count(Jdbi db, String table) {
        return db.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    /** PostgreSQL: the history tables' size on disk, indexes and TOAST included; H2: raw's characters per version. */
    private static String bytes(Jdbi db, long versions) {
        boolean postgres = db.withHandle(h -> {
            try {
                return h.getConnection().getMetaData().getDatabaseProductName();
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        }).equals("PostgreSQL");
        if (postgres) {
            long size = db.withHandle(h -> h.createQuery("SELECT pg_total_relation_size('invoices_history')"
                    + " + pg_total_relation_size('invoice_line_items_history')"
                    + " + pg_total_relation_size('invoice_payment_allocations_history')").mapTo(Long.class).one());
            return String.format(Locale.ROOT, "%d bytes on disk, %.0f bytes per version (rows, items, indexes, TOAST)",
                    size, size / (double) versions);
        }
        long raw = db.withHandle(h -> h.createQuery("SELECT SUM(OCTET_LENGTH(raw)) FROM invoices_history").mapTo(Long.class).one());
        return String.format(Locale.ROOT, "raw %.0f bytes per version (H2: the file's pages are shared, so per-table"
                + " sizes are not measured)", raw / (double) versions);
    }

    private static double median(List<double[]> rows, int column) {
        double[] values = rows.stream().mapToDouble(row -> row[column]).sorted().toArray();
        return values.length % 2 == 1 ? values[values.length / 2]
                : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    }

    private HistoryBenchmark() {
    }
}
