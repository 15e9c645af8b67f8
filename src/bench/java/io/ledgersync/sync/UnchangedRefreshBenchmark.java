package io.ledgersync.sync;

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
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;

/**
 * Issue 28 on PostgreSQL, round by round in one JVM and one database, the sandbox in this JVM:
 * <ul>
 *   <li>a first full sync into empty tables, which goes straight in with COPY ({@code straight});</li>
 *   <li>the same first sync with one row of another id already in each company's invoices, so that every partition
 *       of invoices upserts through the staging table, as every first sync did before ({@code staged});</li>
 *   <li>a full refresh right after the straight sync, nothing changed at the source ({@code unchanged}): its time,
 *       and the row versions it wrote in the data set tables (rows whose xmin is newer than the refresh's start) and
 *       the dead tuples it left (pg_stat_user_tables, read after the statistics' 10 s flush interval).</li>
 * </ul>
 * The order of straight and staged alternates by round. Not a test; {@code bench/unchanged-refresh.sh} runs it.
 *
 * <p>Options: {@code --rounds=N} (3), {@code --companies=N} (10), {@code --invoices=N} (5000), {@code --page-size=N}
 * (1000), {@code --jdbc-url=URL} (an existing, empty PostgreSQL database; required).
 */
final class UnchangedRefreshBenchmark {

    private static final List<String> TABLES = List.of("companies", "invoices", "invoice_line_items",
            "invoice_payment_allocations", "customers", "accounts", "bills", "bill_line_items", "credit_notes",
            "credit_note_line_items", "suppliers", "bill_payment_allocations", "credit_note_payment_allocations");

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>(Map.of("rounds", "3", "companies", "10", "invoices", "5000",
                "page-size", "1000"));
        for (String arg : args) {
            String[] pair = arg.replaceFirst("^--", "").split("=", 2);
            options.put(pair[0], pair.length > 1 ? pair[1] : "true");
        }
        String url = options.get("jdbc-url");
        if (url == null) {
            throw new IllegalArgumentException("--jdbc-url=jdbc:postgresql://... of an empty database is required");
        }
        int rounds = Integer.parseInt(options.get("rounds"));
        int companies = Integer.parseInt(options.get("companies"));
        int invoices = Integer.parseInt(options.get("invoices"));
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(companies)
                .withInvoicesPerCompany(invoices).withSeed(28))) {
            List<String> properties = List.of("--spring.datasource.url=" + url, "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                    "--ledgersync.api.api-key=" + sandbox.apiKey(), "--ledgersync.api.page-size=" + options.get("page-size"),
                    "--ledgersync.sync.on-startup=false", "--ledgersync.schedule.enabled=false", "--server.port=0",
                    "--ledgersync.security.password=bench", "--logging.level.io.ledgersync=WARN",
                    "--ledgersync.api.rate-limit.requests-per-second=1000");
            try (ConfigurableApplicationContext app = SpringApplication.run(LedgersyncApplication.class,
                    properties.toArray(String[]::new))) {
                SyncLauncher launcher = app.getBean(SyncLauncher.class);
                Jdbi jdbi = app.getBean(Jdbi.class);
                List<String> tables = jdbi.withHandle(h -> h.createQuery("SELECT relname FROM pg_stat_user_tables"
                        + " WHERE relname IN (<tables>)").bindList("tables", TABLES).mapTo(String.class).list());
                System.out.printf(Locale.ROOT, "# %d companies x %d invoices (with line items), page size %s, PostgreSQL%n",
                        companies, invoices, options.get("page-size"));
                System.out.println("| round | straight first sync s | staged first sync s | unchanged full refresh s"
                        + " | rows written by it | dead tuples left by it | refresh/straight | straight/staged |");
                System.out.println("|---|---|---|---|---|---|---|---|");
                List<double[]> measured = new ArrayList<>();
                for (int round = 1; round <= rounds; round++) {
                    double straight;
                    double staged;
                    double[] refresh;
                    if (round % 2 == 1) {
                        straight = firstSync(launcher, jdbi, tables, false);
                        refresh = unchangedRefresh(launcher, jdbi, tables);
                        staged = firstSync(launcher, jdbi, tables, true);
                    } else {
                        staged = firstSync(launcher, jdbi, tables, true);
                        straight = firstSync(launcher, jdbi, tables, false);
                        refresh = unchangedRefresh(launcher, jdbi, tables);
                    }
                    System.out.printf(Locale.ROOT, "| %d | %.2f | %.2f | %.2f | %d | %d | %.3f | %.3f |%n", round, straight, staged,
                            refresh[0], (long) refresh[1], (long) refresh[2], refresh[0] / straight, straight / staged);
                    measured.add(new double[] {straight, staged, refresh[0], refresh[0] / straight, straight / staged});
                }
                System.out.printf(Locale.ROOT, "medians: straight %.2f s, staged %.2f s, unchanged refresh %.2f s,"
                        + " refresh/straight %.3f, straight/staged %.3f%n", median(measured, 0), median(measured, 1),
                        median(measured, 2), median(measured, 3), median(measured, 4));
            }
        }
    }

    /** Empties the data set tables, optionally seeds one row of an id the source lacks per company, and syncs in full. */
    private static double firstSync(SyncLauncher launcher, Jdbi jdbi, List<String> tables, boolean staged) {
        jdbi.useHandle(h -> h.execute("TRUNCATE " + String.join(", ", tables) + ", walk_seen, sync_state"));
        if (staged) {
            // a company whose invoices are not empty: its partition upserts through the staging table from its first page
            SyncReport companies = launcher.run(new SyncRequest(SyncRequest.Kind.FULL, List.of("companies"), List.of(), false));
            require(companies);
            jdbi.useHandle(h -> h.execute("INSERT INTO invoices (company_id, id, raw, synced_at, run_id)"
                    + " SELECT id, 'bench-seed', '{}', now(), 0 FROM companies"));
        }
        SyncReport full = launcher.run(SyncRequest.everything().withFullRefresh());
        require(full);
        return full.duration().toMillis() / 1000.0;
    }

    /** A full refresh with nothing changed: its seconds, the row versions it wrote, the dead tuples it left. */
    private static double[] unchangedRefresh(SyncLauncher launcher, Jdbi jdbi, List<String> tables) throws InterruptedException {
        Thread.sleep(11_000); // the earlier writes' statistics reach pg_stat_user_tables
        long deadBefore = dead(jdbi, tables);
        long xid = jdbi.withHandle(h -> h.createQuery("SELECT CAST(CAST(pg_current_xact_id() AS TEXT) AS BIGINT)")
                .mapTo(Long.class).one());
        SyncReport refresh = launcher.run(SyncRequest.everything().withFullRefresh());
        require(refresh);
        long written = 0;
        for (String table : tables) {
            written += jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table
                    + " WHERE CAST(CAST(xmin AS TEXT) AS BIGINT) >= :xid").bind("xid", xid % (1L << 32)).mapTo(Long.class).one());
        }
        Thread.sleep(11_000);
        return new double[] {refresh.duration().toMillis() / 1000.0, written, dead(jdbi, tables) - deadBefore};
    }

    private static long dead(Jdbi jdbi, List<String> tables) {
        return jdbi.withHandle(h -> {
            h.execute("SELECT pg_stat_clear_snapshot()");
            return h.createQuery("SELECT COALESCE(SUM(n_dead_tup), 0) FROM pg_stat_user_tables WHERE relname IN (<tables>)")
                    .bindList("tables", tables).mapTo(Long.class).one();
        });
    }

    private static void require(SyncReport report) {
        if (!report.successful()) {
            throw new IllegalStateException("a run failed: " + report.failures());
        }
    }

    private static double median(List<double[]> rows, int column) {
        double[] values = rows.stream().mapToDouble(row -> row[column]).sorted().toArray();
        return values.length % 2 == 1 ? values[values.length / 2]
                : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    }

    private UnchangedRefreshBenchmark() {
    }
}
