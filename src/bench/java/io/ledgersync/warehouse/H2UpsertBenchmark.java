package io.ledgersync.warehouse;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.transaction.support.TransactionTemplate;

import com.sun.management.OperatingSystemMXBean;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import io.ledgersync.bench.MeasuredJvm;
import io.ledgersync.sync.MappedInvoices;
import io.ledgersync.warehouse.dialect.BatchedUpsert;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.dialect.H2Dialect;
import io.ledgersync.warehouse.dialect.RowUpsert;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.lock.SchemaLock;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.Table;

/**
 * Issue 7's lever "H2's fastest merge": the ways of upserting a chunk into H2, measured against each other. Each
 * measurement is a JVM of its own: the sandbox's invoices mapped to rows by the production mapper (not timed), a fresh
 * H2 file database migrated by the production migrations, then two timed passes through {@link Warehouse#upsert}, one
 * Spring transaction per 1000 rows, {@code concurrency} companies at a time as the sync's partitions are: a first sync
 * (all inserts) and a rerun of the same rows (all updates). Rounds interleave the variants, each round in another
 * order; the table gives medians and, per round, the ratio to the variant of the same round named first. Not a test.
 *
 * <pre>bench/h2-upsert.sh [--variants=batch,shipped,...] [--rounds=5] [--companies=10] [--invoices=20000]
 *                    [--concurrency=4] [--chunk=1000] [--xmx=3g]</pre>
 */
final class H2UpsertBenchmark {

    /** How one variant upserts, and what it changes in the database: extra URL settings, SQL after the migrations. */
    record Variant(String description, String urlSettings, List<String> afterMigration, Supplier<RowUpsert> upsert, boolean latestSchema) {
        Variant(String description, String urlSettings, List<String> afterMigration, Supplier<RowUpsert> upsert) {
            this(description, urlSettings, afterMigration, upsert, false);
        }
    }

    private static final String H2 = ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    private static final String VARCHAR_RAW = "ALTER TABLE invoices ALTER COLUMN raw SET DATA TYPE CHARACTER VARYING";
    private static final String INPLACE = ";MAX_LENGTH_INPLACE_LOB=65536";

    static final Map<String, Variant> VARIANTS = new LinkedHashMap<>();

    static {
        Supplier<RowUpsert> batch = () -> new BatchedUpsert(new H2Dialect());
        VARIANTS.put("shipped", new Variant("what H2Dialect.rowUpsert() and the migrations ship now", "", List.of(),
                () -> new H2Dialect().rowUpsert(), true));
        VARIANTS.put("shipped+compress", new Variant("shipped, COMPRESS=TRUE (pages LZF-compressed)", ";COMPRESS=TRUE", List.of(),
                () -> new H2Dialect().rowUpsert(), true));
        VARIANTS.put("batch", new Variant("JDBC batch (Jdbi) of single-row MERGE ... KEY, raw CLOB: before this lever", "", List.of(), batch));
        VARIANTS.put("jdbc-batch", new Variant("JDBC batch (plain JDBC) of single-row MERGE ... KEY", "", List.of(),
                () -> new Candidates.JdbcBatch()));
        VARIANTS.put("merge-values", new Variant("one MERGE ... KEY ... VALUES (..), (..) per chunk", "", List.of(),
                () -> new Candidates.MergeValues(1000)));
        VARIANTS.put("merge-values-100", new Variant("MERGE ... KEY ... VALUES of 100 rows", "", List.of(),
                () -> new Candidates.MergeValues(100)));
        VARIANTS.put("merge-using", new Variant("one MERGE ... USING (VALUES ..) ... WHEN [NOT] MATCHED per chunk", "", List.of(),
                () -> new Candidates.MergeUsing()));
        VARIANTS.put("inplace", new Variant("batch, MAX_LENGTH_INPLACE_LOB=65536 (raw CLOB kept in the row)", INPLACE, List.of(), batch));
        VARIANTS.put("varchar", new Variant("batch, raw CHARACTER VARYING", "", List.of(VARCHAR_RAW), batch));
        VARIANTS.put("cache64", new Variant("batch, CACHE_SIZE=65536 (64 MB, default 16 MB)", ";CACHE_SIZE=65536", List.of(), batch));
        VARIANTS.put("merge-values+varchar", new Variant("MERGE ... VALUES per chunk, raw CHARACTER VARYING", "",
                List.of(VARCHAR_RAW), () -> new Candidates.MergeValues(1000)));
        VARIANTS.put("merge-values-100+varchar", new Variant("MERGE ... VALUES of 100 rows, raw CHARACTER VARYING", "",
                List.of(VARCHAR_RAW), () -> new Candidates.MergeValues(100)));
        VARIANTS.put("merge-values+inplace", new Variant("MERGE ... VALUES per chunk, MAX_LENGTH_INPLACE_LOB=65536", INPLACE,
                List.of(), () -> new Candidates.MergeValues(1000)));
        VARIANTS.put("jdbc-batch+varchar", new Variant("plain JDBC batch, raw CHARACTER VARYING", "", List.of(VARCHAR_RAW),
                () -> new Candidates.JdbcBatch()));
        VARIANTS.put("jdbc-batch+inplace", new Variant("plain JDBC batch, MAX_LENGTH_INPLACE_LOB=65536", INPLACE, List.of(),
                () -> new Candidates.JdbcBatch()));
    }

    private H2UpsertBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("measure")) {
            measure(args);
            return;
        }
        Map<String, String> options = new LinkedHashMap<>();
        for (String arg : args) {
            String[] pair = arg.replaceFirst("^--", "").split("=", 2);
            options.put(pair[0], pair.length > 1 ? pair[1] : "true");
        }
        List<String> variants = Arrays.asList(options.getOrDefault("variants", "batch,shipped").split(","));
        for (String variant : variants) {
            if (!VARIANTS.containsKey(variant)) {
                throw new IllegalArgumentException("unknown variant " + variant + "; known: " + VARIANTS.keySet());
            }
        }
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "5"));
        String companies = options.getOrDefault("companies", "10");
        String invoices = options.getOrDefault("invoices", "20000");
        String concurrency = options.getOrDefault("concurrency", "4");
        String chunk = options.getOrDefault("chunk", "1000");
        String heap = options.getOrDefault("xmx", "3g");
        Path work = Path.of("target", "bench", "h2-upsert").toAbsolutePath();
        Files.createDirectories(work);

        System.out.printf("H2 upsert benchmark: %s companies x %s invoices, %s-row transactions, concurrency %s, %d rounds, -Xmx%s, %d cores, %s%n",
                companies, invoices, chunk, concurrency, rounds, heap, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        Map<String, List<Map<String, String>>> results = new LinkedHashMap<>();
        variants.forEach(v -> results.put(v, new ArrayList<>()));
        for (int round = 1; round <= rounds; round++) {
            List<String> order = new ArrayList<>(variants);
            java.util.Collections.rotate(order, -(round - 1)); // a noisy minute should not always hit the same variant
            for (String variant : order) {
                Path log = work.resolve("round" + round + "-" + variant + ".log");
                List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + heap,
                        "-cp", System.getProperty("java.class.path"), H2UpsertBenchmark.class.getName(), "measure", variant,
                        companies, invoices, concurrency, chunk, work.resolve("db-" + variant).toString());
                Map<String, String> figures = new LinkedHashMap<>(MeasuredJvm.run(command, log).figures());
                if (!figures.containsKey("insertRps")) {
                    System.out.println("round " + round + " " + variant + ": failed, see " + log);
                    figures.put("round", String.valueOf(round));
                    figures.put("failed", "true");
                } else {
                    figures.put("round", String.valueOf(round));
                    System.out.println("round " + round + " " + variant + ": " + figures);
                }
                results.get(variant).add(figures);
            }
        }
        print(variants, results);
    }

    private static void print(List<String> variants, Map<String, List<Map<String, String>>> results) {
        String baseline = variants.get(0);
        for (String pass : List.of("insert", "update")) {
            System.out.printf("%n%s pass (%s): records/s, median of the rounds; ratios = median over rounds of variant / %s of the same"
                    + " round (CPU ratio: process CPU seconds, the steadier figure on a shared machine; lower is better)%n%n",
                    pass, pass.equals("insert") ? "fresh empty table" : "same rows again, all updates", baseline);
            System.out.println("| variant | records/s | per round | ratio to " + baseline + " | per-round ratios | CPU s | CPU ratio | GC ms | DB file MB |");
            System.out.println("|---|---:|---|---:|---|---:|---:|---:|---:|");
            for (String variant : variants) {
                List<Map<String, String>> ok = results.get(variant).stream().filter(f -> !f.containsKey("failed")).toList();
                if (ok.isEmpty()) {
                    System.out.println("| " + variant + " | failed | | | | | | | |");
                    continue;
                }
                List<Double> ratios = new ArrayList<>();
                List<Double> cpuRatios = new ArrayList<>();
                for (Map<String, String> figures : ok) {
                    results.get(baseline).stream().filter(b -> b.get("round").equals(figures.get("round")) && !b.containsKey("failed"))
                            .findFirst().ifPresent(b -> {
                                ratios.add(number(figures, pass + "Rps") / number(b, pass + "Rps"));
                                cpuRatios.add(number(figures, pass + "Cpu") / number(b, pass + "Cpu"));
                            });
                }
                System.out.printf(Locale.ROOT, "| %s | **%,.0f** | %s | **%.2f** | %s | %.1f | %.2f | %.0f | %.0f |%n", variant,
                        median(ok.stream().map(f -> number(f, pass + "Rps")).toList()),
                        String.join(", ", ok.stream().map(f -> String.format(Locale.ROOT, "%,.0f", number(f, pass + "Rps"))).toList()),
                        median(ratios), String.join(", ", ratios.stream().map(r -> String.format(Locale.ROOT, "%.2f", r)).toList()),
                        median(ok.stream().map(f -> number(f, pass + "Cpu")).toList()), median(cpuRatios),
                        median(ok.stream().map(f -> number(f, pass + "GcMs")).toList()),
                        median(ok.stream().map(f -> number(f, pass + "FileMb")).toList()));
            }
        }
        System.out.println();
        variants.forEach(v -> System.out.println("- " + v + ": " + VARIANTS.get(v).description()));
    }

    private static double number(Map<String, String> figures, String key) {
        return Double.parseDouble(figures.get(key));
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    /** One measurement: {@code measure <variant> <companies> <invoices per company> <concurrency> <chunk> <directory>}. */
    private static void measure(String[] args) throws Exception {
        Variant variant = VARIANTS.get(args[1]);
        int companies = Integer.parseInt(args[2]);
        int invoices = Integer.parseInt(args[3]);
        int concurrency = Integer.parseInt(args[4]);
        int chunk = Integer.parseInt(args[5]);
        Path directory = Path.of(args[6]);
        Map<String, List<Row>> rows = MappedInvoices.rows(companies, invoices);
        Table table = MappedInvoices.table();
        long total = rows.values().stream().mapToLong(List::size).sum();

        deleteRecursively(directory);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:h2:file:" + directory.resolve("warehouse").toAbsolutePath() + H2 + variant.urlSettings());
        config.setUsername("sa");
        config.setPassword("");
        config.setMaximumPoolSize(concurrency + 2);
        Map<String, String> result = new LinkedHashMap<>();
        result.put("records", String.valueOf(total));
        try (HikariDataSource dataSource = new HikariDataSource(config)) {
            // the schema as it was before this lever (raw a CLOB), unless the variant is what ships now
            Flyway.configure().dataSource(dataSource).locations("classpath:db/migration/h2").target(variant.latestSchema() ? "latest" : "4")
                    .load().migrate();
            Jdbi jdbi = Jdbi.create(new TransactionAwareDataSourceProxy(dataSource)).installPlugin(new SqlObjectPlugin());
            variant.afterMigration().forEach(sql -> jdbi.useHandle(handle -> handle.execute(sql)));
            RowUpsert upsert = variant.upsert().get();
            Dialect h2 = new H2Dialect();
            Dialect dialect = new Dialect() {
                @Override
                public String upsert(String name, List<String> columns, List<String> key, Set<String> jsonColumns) {
                    return h2.upsert(name, columns, key, jsonColumns);
                }

                @Override
                public String upsertChanged(Table table) {
                    return h2.upsertChanged(table);
                }

                @Override
                public RowUpsert rowUpsert() {
                    return upsert;
                }

                @Override
                public RunLocks runLocks(DataSource lockConnections, String holderName) {
                    return h2.runLocks(lockConnections, holderName);
                }

                @Override
                public SchemaLock schemaLock(Jdbi jdbi) {
                    return h2.schemaLock(jdbi);
                }

                @Override
                public String sqlType(ColumnType type) {
                    return h2.sqlType(type);
                }

                @Override
                public String rawType() {
                    return h2.rawType();
                }
            };
            Warehouse warehouse = new Warehouse(jdbi, dialect, Clock.systemUTC());
            TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
            pass("insert", 1, warehouse, transactions, table, rows, chunk, concurrency, result);
            if (warehouse.count(table.name()) != total) {
                throw new IllegalStateException("expected " + total + " rows, found " + warehouse.count(table.name()));
            }
            result.put("insertFileMb", String.valueOf(fileMb(directory)));
            pass("update", 2, warehouse, transactions, table, rows, chunk, concurrency, result);
            if (warehouse.count(table.name()) != total) {
                throw new IllegalStateException("expected " + total + " rows, found " + warehouse.count(table.name()));
            }
            long rerun = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM invoices WHERE run_id = 2").mapTo(Long.class).one());
            if (rerun != total) {
                throw new IllegalStateException("the rerun updated " + rerun + " rows of " + total);
            }
            result.put("updateFileMb", String.valueOf(fileMb(directory)));
        }
        deleteRecursively(directory);
        StringBuilder line = new StringBuilder("RESULT variant=").append(args[1]);
        result.forEach((key, value) -> line.append(' ').append(key).append('=').append(value));
        System.out.println(line);
        System.exit(0);
    }

    private static void pass(String name, long runId, Warehouse warehouse, TransactionTemplate transactions, Table table,
            Map<String, List<Row>> rows, int chunk, int concurrency, Map<String, String> result) throws Exception {
        System.gc();
        long cpu = cpuNanos();
        long gc = gcMillis();
        long start = System.nanoTime();
        ExecutorService partitions = Executors.newFixedThreadPool(concurrency);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (List<Row> company : rows.values()) {
                done.add(partitions.submit(() -> {
                    for (int from = 0; from < company.size(); from += chunk) {
                        List<Row> slice = company.subList(from, Math.min(company.size(), from + chunk));
                        transactions.executeWithoutResult(status -> warehouse.upsert(table, slice, runId));
                    }
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            partitions.shutdownNow();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long records = rows.values().stream().mapToLong(List::size).sum();
        result.put(name + "Rps", String.format(Locale.ROOT, "%.0f", records / seconds));
        result.put(name + "Seconds", String.format(Locale.ROOT, "%.2f", seconds));
        result.put(name + "Cpu", String.format(Locale.ROOT, "%.1f", (cpuNanos() - cpu) / 1e9));
        result.put(name + "GcMs", String.valueOf(gcMillis() - gc));
    }

    private static long fileMb(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum() / 1048576;
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    private static long cpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionTime).sum();
    }
}
