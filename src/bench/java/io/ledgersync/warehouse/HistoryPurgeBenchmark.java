package io.ledgersync.warehouse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.jdbi.v3.core.Jdbi;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.sync.PartitionContexts;
import io.ledgersync.sync.RunState;
import io.ledgersync.sync.history.RunRetention;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.warehouse.state.RunPurge;

/**
 * What the purge of the run history costs, and what it saves (issue 12). For each database and round: a fresh
 * database migrated and opened by the application as {@code serve} would (same beans), filled with a year of nightly
 * full runs as the job repository stores them ({@code days} runs of {@code companies} x 3 data sets partitions plus
 * the 3 steps that split them, Batch-serialized contexts, parameters, reconciliation rows; not timed), then: one
 * {@code GET /api/runs} page ({@link SyncRuns#runs} and {@link SyncRuns#runCount}, what the controller calls; median of
 * {@code page-queries} after as many warm-ups), the purge of the oldest {@code purge-days} days, the same page again, and
 * the rows and bytes of the job repository's tables before and after. Variants: {@code sql}, the shipped
 * {@link RunRetention#purge} (set by set), and {@code batch-api}, Spring Batch's own
 * {@link JobRepository#deleteJobInstance} for the same instances (row by row), as the baseline; and on PostgreSQL
 * {@code sql-without-v8}, the shipped purge on the tables as they were before V8 indexed their foreign keys, which
 * PostgreSQL does not do by itself (H2 does); {@code sql-N}, the shipped purge in transactions of N instances instead of
 * {@value RunPurge#BATCH}. Rounds interleave the variants. Not a test.
 *
 * <pre>bench/history-purge.sh [--databases=h2,postgres] [--variants=sql,batch-api,sql-without-v8] [--rounds=5] [--days=365]
 *                      [--purge-days=275] [--companies=10] [--page-queries=10]</pre>
 */
final class HistoryPurgeBenchmark {

    private static final List<String> DATA_SETS = List.of("companies", "customers", "invoices");
    private static final List<String> TABLES = List.of("batch_job_instance", "batch_job_execution", "batch_job_execution_params",
            "batch_job_execution_context", "batch_step_execution", "batch_step_execution_context", "sync_reconciliation");

    /** What V8 adds on PostgreSQL (H2 has these by itself). */
    private static final List<String> V8_INDEXES = List.of("batch_step_execution_job_execution", "batch_job_execution_job_instance",
            "batch_job_execution_params_job_execution");

    private HistoryPurgeBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        for (String arg : args) {
            String[] pair = arg.replaceFirst("^--", "").split("=", 2);
            options.put(pair[0], pair.length > 1 ? pair[1] : "true");
        }
        List<String> databases = Arrays.asList(options.getOrDefault("databases", "h2,postgres").split(","));
        List<String> variants = Arrays.asList(options.getOrDefault("variants", "sql,batch-api,sql-without-v8").split(","));
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "5"));
        Setup setup = new Setup(Integer.parseInt(options.getOrDefault("days", "365")),
                Integer.parseInt(options.getOrDefault("purge-days", "275")), Integer.parseInt(options.getOrDefault("companies", "10")),
                Integer.parseInt(options.getOrDefault("page-queries", "10")));
        System.out.printf("History purge: %d nightly runs x %d companies x %d data sets, purge of the oldest %d days; %d round(s)%n",
                setup.days(), setup.companies(), DATA_SETS.size(), setup.purgeDays(), rounds);
        Map<String, List<Result>> results = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (String database : databases) {
                List<String> order = new ArrayList<>(variants);
                java.util.Collections.rotate(order, round - 1); // each variant goes first in some round
                for (String variant : order) {
                    if (variant.endsWith("-without-v8") && !database.equals("postgres")) {
                        continue; // V8 changes nothing on H2
                    }
                    Result result = measure(database, variant, setup, round);
                    System.out.println("RESULT " + result.line());
                    results.computeIfAbsent(database + " " + variant, key -> new ArrayList<>()).add(result);
                }
            }
        }
        print(results);
        System.exit(0);
    }

    record Setup(int days, int purgeDays, int companies, int pageQueries) {
    }

    record Result(String database, String variant, int round, int runsPurged, double fillSeconds, double purgeSeconds,
            double pageMillisBefore, double pageMillisAfter, Map<String, Long> rowsBefore, Map<String, Long> rowsAfter,
            long bytesBefore, long bytesAfter) {

        String line() {
            return String.format(Locale.ROOT, "database=%s variant=%s round=%d runsPurged=%d fillSeconds=%.1f purgeSeconds=%.3f"
                    + " pageMillisBefore=%.1f pageMillisAfter=%.1f stepRowsBefore=%d stepRowsAfter=%d bytesBefore=%d bytesAfter=%d",
                    database, variant, round, runsPurged, fillSeconds, purgeSeconds, pageMillisBefore, pageMillisAfter,
                    rowsBefore.get("batch_step_execution"), rowsAfter.get("batch_step_execution"), bytesBefore, bytesAfter);
        }
    }

    private static Result measure(String database, String variant, Setup setup, int round) throws Exception {
        String label = "history_purge_" + variant.replaceAll("[^a-z]", "_") + "_" + round;
        Path h2Directory = Path.of("target", "bench", "history-purge", label);
        String url = database.equals("postgres") ? TestPostgres.createDatabase(label)
                : "jdbc:h2:file:" + recreate(h2Directory).resolve("warehouse").toAbsolutePath()
                        + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
        SpringApplication application = new SpringApplication(LedgersyncApplication.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        // Neither serve (schedule, startup sync) nor sync: the benchmark drives the beans itself.
        application.setDefaultProperties(Map.of("ledgersync.command", "bench"));
        try (ConfigurableApplicationContext context = application.run("--spring.datasource.url=" + url,
                "--spring.datasource.username=" + (database.equals("postgres") ? "postgres" : "sa"), "--spring.datasource.password=",
                "--ledgersync.api.base-url=http://127.0.0.1:9", "--ledgersync.api.api-key=unused", "--logging.level.root=WARN")) {
            Jdbi jdbi = context.getBean(Jdbi.class);
            SyncRuns runs = context.getBean(SyncRuns.class);
            if (variant.endsWith("-without-v8")) {
                // the job repository as it was before V8: PostgreSQL does not index a foreign key by itself
                V8_INDEXES.forEach(index -> jdbi.useHandle(h -> h.execute("DROP INDEX IF EXISTS " + index)));
            }
            // 03:30 of the last night, as the nightly purge: the runs of the oldest purge-days nights are older than the retention
            LocalDate firstNight = LocalDate.of(2026, 1, 1);
            Instant now = LocalDateTime.of(firstNight.plusDays(setup.days() - 1), LocalTime.of(3, 30)).atZone(ZoneId.systemDefault())
                    .toInstant();
            Duration retention = Duration.ofDays(setup.days() - setup.purgeDays());

            long fillStart = System.nanoTime();
            JobRepositoryRows rows = new JobRepositoryRows(jdbi, DATA_SETS, setup.companies(), new PartitionContexts());
            for (int night = 0; night < setup.days(); night++) {
                rows.run("FULL", "COMPLETED", LocalDateTime.of(firstNight.plusDays(night), LocalTime.of(2, 0)));
            }
            double fillSeconds = seconds(fillStart);
            analyze(jdbi);
            Map<String, Long> rowsBefore = rowCounts(jdbi);
            long bytesBefore = bytes(jdbi, database, h2Directory);
            double pageBefore = pageMillis(runs, setup.pageQueries());

            long purgeStart = System.nanoTime();
            int purged = variant.matches("sql-\\d+") ? new RunPurge(jdbi, Integer.parseInt(variant.substring(4)))
                    .purge("sync", "mode", RunState.finishedStatuses(), now.minus(retention)).runs()
                    : variant.startsWith("sql") ? context.getBean(RunRetention.class).purge(now, retention)
                    : purgeWithBatchApi(jdbi, context.getBean(JobRepository.class), now.minus(retention));
            double purgeSeconds = seconds(purgeStart);

            analyze(jdbi);
            Map<String, Long> rowsAfter = rowCounts(jdbi);
            long bytesAfter = bytes(jdbi, database, h2Directory);
            double pageAfter = pageMillis(runs, setup.pageQueries());
            return new Result(database, variant, round, purged, fillSeconds, purgeSeconds, pageBefore, pageAfter, rowsBefore, rowsAfter,
                    bytesBefore, bytesAfter);
        }
    }

    /**
     * The baseline: Spring Batch's own API. The same instances as the shipped purge takes here (every run is a
     * completed full run, and the newest is recent), each read with its executions, steps and contexts, then deleted
     * row by row; then their reconciliation rows.
     */
    private static int purgeWithBatchApi(Jdbi jdbi, JobRepository repository, Instant cutoff) {
        LocalDateTime localCutoff = LocalDateTime.ofInstant(cutoff, ZoneId.systemDefault());
        List<Long> instances = jdbi.withHandle(h -> h.createQuery("""
                SELECT e.job_instance_id FROM batch_job_execution e GROUP BY e.job_instance_id
                HAVING MAX(COALESCE(e.end_time, e.last_updated, e.create_time)) < :cutoff ORDER BY e.job_instance_id""")
                .bind("cutoff", localCutoff).mapTo(Long.class).list());
        List<Long> executions = jdbi.withHandle(h -> h.createQuery(
                "SELECT job_execution_id FROM batch_job_execution WHERE job_instance_id IN (<ids>)")
                .bindList("ids", instances).mapTo(Long.class).list());
        for (long instance : instances) {
            repository.deleteJobInstance(repository.getJobInstance(instance));
        }
        jdbi.useHandle(h -> h.createUpdate("DELETE FROM sync_reconciliation WHERE run_id IN (<ids>)").bindList("ids", executions).execute());
        return executions.size();
    }

    /**
     * One page of the run list as GET /api/runs reads it; the median of {@code queries} after as many warm-ups, so that
     * before and after compare the database's work, not the JIT's progress.
     */
    private static double pageMillis(SyncRuns runs, int queries) {
        List<Double> millis = new ArrayList<>();
        for (int i = 0; i < 2 * queries; i++) {
            long start = System.nanoTime();
            if (runs.runs(0, 20).size() != 20 || runs.runCount() <= 0) {
                throw new IllegalStateException("expected a full page of runs, got " + runs.runs(0, 20).size() + " of " + runs.runCount());
            }
            if (i >= queries) {
                millis.add((System.nanoTime() - start) / 1e6);
            }
        }
        return median(millis);
    }

    /** Fresh statistics, as autovacuum would have them by then: the planner must not plan for empty tables. */
    private static void analyze(Jdbi jdbi) {
        jdbi.useHandle(h -> h.execute("ANALYZE"));
    }

    private static Map<String, Long> rowCounts(Jdbi jdbi) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String table : TABLES) {
            counts.put(table, jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one()));
        }
        return counts;
    }

    /** PostgreSQL: the tables with their indexes and TOAST; H2: the database file (H2 keeps no size per table). */
    private static long bytes(Jdbi jdbi, String database, Path h2Directory) {
        if (database.equals("postgres")) {
            return jdbi.withHandle(h -> h.createQuery("SELECT SUM(pg_total_relation_size(c.oid)) FROM pg_class c"
                    + " WHERE c.relname IN (<tables>) AND c.relkind = 'r'").bindList("tables", TABLES).mapTo(Long.class).one());
        }
        jdbi.useHandle(h -> h.execute("CHECKPOINT SYNC"));
        try {
            return Files.size(h2Directory.resolve("warehouse.mv.db"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void print(Map<String, List<Result>> results) {
        System.out.println();
        System.out.println("| database | variant | runs purged | purge s (median) | min–max | page before ms | page after ms"
                + " | step rows before → after | bytes before → after | fill s |");
        System.out.println("|---|---|---:|---:|---|---:|---:|---|---|---:|");
        results.forEach((key, list) -> {
            Result first = list.get(0);
            List<Double> purge = list.stream().map(Result::purgeSeconds).toList();
            System.out.printf(Locale.ROOT, "| %s | %s | %d | %.3f | %.3f–%.3f | %.1f | %.1f | %,d → %,d | %,d → %,d | %.1f |%n",
                    first.database(), first.variant(), first.runsPurged(), median(purge),
                    purge.stream().mapToDouble(Double::doubleValue).min().orElse(0), purge.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                    median(list.stream().map(Result::pageMillisBefore).toList()), median(list.stream().map(Result::pageMillisAfter).toList()),
                    first.rowsBefore().get("batch_step_execution"), first.rowsAfter().get("batch_step_execution"),
                    (long) median(list.stream().map(r -> (double) r.bytesBefore()).toList()),
                    (long) median(list.stream().map(r -> (double) r.bytesAfter()).toList()),
                    median(list.stream().map(Result::fillSeconds).toList()));
        });
        Result any = results.values().iterator().next().get(0);
        System.out.println();
        System.out.println("Rows before → after (first round of " + any.database() + " " + any.variant() + "):");
        any.rowsBefore().forEach((table, before) -> System.out.printf("  %s: %,d → %,d%n", table, before, any.rowsAfter().get(table)));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n == 0 ? 0 : n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static Path recreate(Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
        return Files.createDirectories(directory);
    }
}
