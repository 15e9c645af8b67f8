package io.ledgersync.sync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jdbi.v3.core.Jdbi;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.sandbox.SandboxDataSet;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.dataset.DataSetSchemas;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.warehouse.TestPostgres;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.WarehouseSchema;
import io.ledgersync.warehouse.table.Row;

/**
 * What a column added to a data set file costs at the next start (issue 15): {@code companies} x {@code invoices}
 * invoices (200,000 by default, W1's) stored as a sync writes them (typed columns, raw, line items; not timed), then
 * per round the start's work for {@code jobs/invoices.yml} with one more column ({@code note_copy}, from
 * {@code note}): add it and fill it from the stored raw in batches of {@code ledgersync.schema.batch-size}
 * ({@link DataSetSchemas#apply}), timed; the column is dropped again between rounds. Baseline, the same run: the time
 * it took to store those rows as a sync writes them (mapping, upsert with line items; no HTTP), once. The application is started as
 * {@code serve} would (same beans) on a fresh database per database. Not a test.
 *
 * <pre>bench/backfill.sh [--databases=h2,postgres] [--rounds=3] [--companies=10] [--invoices=20000] [--batch-sizes=1000]</pre>
 */
final class BackfillBenchmark {

    private BackfillBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
                .setLevel(ch.qos.logback.classic.Level.WARN);
        Map<String, String> options = new LinkedHashMap<>();
        for (String arg : args) {
            options.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "3"));
        int companies = Integer.parseInt(options.getOrDefault("companies", "10"));
        int invoices = Integer.parseInt(options.getOrDefault("invoices", "20000"));
        System.out.printf(Locale.ROOT, "ledgersync backfill benchmark: %d companies x %,d invoices, one column added and filled from"
                + " raw, %d rounds, Java %s, %d cores, load average %.1f%n%n", companies, invoices, rounds, Runtime.version(),
                Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.println("| database | batch size | rows | backfill s per round | backfill s (median) | backfill rows/s |"
                + " baseline: storing the rows, s | baseline rows/s | backfill / baseline | load average after |");
        System.out.println("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|");
        try (SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(companies)
                .withInvoicesPerCompany(invoices).withSeed(42))) {
            for (String database : options.getOrDefault("databases", "h2,postgres").split(",")) {
                for (String batchSize : options.getOrDefault("batch-sizes", "1000").split(",")) {
                    run(database, Integer.parseInt(batchSize), rounds, sandbox);
                }
            }
        }
        System.exit(0);
    }

    private static void run(String database, int batchSize, int rounds, SandboxServer sandbox) throws Exception {
        String url = database.equals("postgres") ? TestPostgres.createDatabase("bench_backfill") : h2Url();
        String user = database.equals("postgres") ? "postgres" : "sa";
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(LedgersyncApplication.class)
                .web(WebApplicationType.NONE).run("--spring.datasource.url=" + url, "--spring.datasource.username=" + user,
                        "--spring.datasource.password=", "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                        "--ledgersync.api.api-key=" + sandbox.apiKey(), "--ledgersync.sync.on-startup=false",
                        "--ledgersync.schedule.enabled=false")) {
            DataSetCatalog catalog = context.getBean(DataSetCatalog.class);
            Warehouse warehouse = context.getBean(Warehouse.class);
            WarehouseSchema schema = context.getBean(WarehouseSchema.class);
            Jdbi jdbi = context.getBean(Jdbi.class);
            long fillStart = System.nanoTime();
            long rows = fill(catalog.get("invoices"), warehouse, sandbox.dataSet());
            double fillSeconds = (System.nanoTime() - fillStart) / 1e9;
            String withColumn = Files.readString(Path.of("jobs/invoices.yml")).replace("  is_deleted:",
                    "  note_copy:            { field: note, type: text }\n  is_deleted:");
            DataSet invoices = DataSetCatalog.parse(withColumn, "./jobs/invoices.yml");
            List<Double> seconds = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                long start = System.nanoTime();
                String change = new DataSetSchemas(schema, batchSize).apply(invoices).change();
                seconds.add((System.nanoTime() - start) / 1e9);
                if (!change.contains("note_copy from raw in " + rows + " stored rows")) {
                    throw new IllegalStateException("the start did not fill the column: " + change);
                }
                jdbi.useHandle(h -> h.execute("ALTER TABLE invoices DROP COLUMN note_copy"));
            }
            List<Double> sorted = seconds.stream().sorted().toList();
            double median = sorted.get(sorted.size() / 2);
            System.out.printf(Locale.ROOT, "| %s | %,d | %,d | %s | %.1f | %,.0f | %.1f | %,.0f | %.2f | %.1f |%n", database, batchSize,
                    rows, seconds.stream().map(s -> String.format(Locale.ROOT, "%.1f", s)).toList(), median, rows / median,
                    fillSeconds, rows / fillSeconds, median / fillSeconds,
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    private static String h2Url() throws Exception {
        Path directory = Path.of("target", "bench", "backfill-h2");
        if (Files.exists(directory)) {
            try (var files = Files.walk(directory)) {
                for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
        return "jdbc:h2:file:" + directory.resolve("warehouse").toAbsolutePath()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    }

    /** The invoices as a sync writes them, a page of 1000 per transaction; not timed. */
    private static long fill(DataSet invoices, Warehouse warehouse, SandboxDataSet served) {
        RecordMapper mapper = new RecordMapper(invoices);
        long rows = 0;
        for (String companyId : served.companyIds()) {
            List<Row> page = new ArrayList<>();
            for (int i = 0; i < served.invoiceCount(companyId); i++) {
                page.add(mapper.toRow(new SourceRecord(served.invoiceJson(companyId, i)), companyId));
                if (page.size() == 1000) {
                    warehouse.upsert(invoices.table(), page, 1);
                    rows += page.size();
                    page.clear();
                }
            }
            warehouse.upsert(invoices.table(), page, 1);
            rows += page.size();
        }
        return rows;
    }
}
