package io.ledgersync.trigger.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.lang.management.ManagementFactory;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToLongFunction;

import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.ledgersync.MutableClock;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.WarehouseAssertions;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.history.RunDetail;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.warehouse.lock.RunLocks;

/**
 * Nights of the service in minutes: the platform's day ({@link SoakScript}) at noon, then the real {@link SyncSchedule}
 * ticked through the night every deferred interval (01:50 to 05:00) on a clock moved by hand, each tick's runs awaited,
 * then the morning's check that the warehouse equals the sandbox ({@link WarehouseAssertions#assertDataSetEqualsSandbox})
 * and the night's figures ({@link SoakNight}). The schedule decides every run: incremental at 02:00, the full refresh on
 * Sunday at 03:00, deferred retries when due, the purge of old runs at 03:30 (with whatever else the purge takes, e.g.
 * history tables).
 *
 * <p>Spring Batch stamps its executions with the wall clock, which a soak cannot move; the purge compares those times
 * with the schedule's clock. So that the purge sees a year of nights, each tick's new executions get their times moved
 * to the simulated instant of the tick (the same gap for every time of an execution). One sandbox clock and the
 * service's are the same clock, as the platform's and ours move together.
 *
 * <p>What the soak found about failures, fixed: a scheduled run after one that failed on its own resumed it, and a
 * resumed run re-read only its failed partitions, so while one company data set failed night after night every other
 * one got none of its changes. The schedule now starts a new run instead (SyncLauncher#launchSupersedingFailed), and
 * every morning is compared. Not thread-safe.
 */
final class SoakRunner {

    private static final Logger log = LoggerFactory.getLogger(SoakRunner.class);
    private static final Duration WAIT_FOR_RUNS = Duration.ofMinutes(10);
    private static final LocalDateTime NIGHT_FROM = LocalDateTime.of(2000, 1, 1, 1, 50);
    private static final LocalDateTime MORNING = LocalDateTime.of(2000, 1, 1, 5, 0);
    private static final LocalDateTime NOON = LocalDateTime.of(2000, 1, 1, 12, 0);

    /** What the runner reads and drives. */
    record Parts(SyncSchedule schedule, ScheduleProperties properties, MutableClock clock, SandboxServer sandbox, Jdbi jdbi,
            DataSetCatalog catalog, SyncRuns runs, RunLocks locks, int pageSize, ToLongFunction<Jdbi> databaseBytes) {
    }

    private final Parts parts;
    private final SoakScript script;
    private final List<DataSet> perCompany;
    private final Map<String, Set<String>> everServed = new HashMap<>();
    /** Company data sets that lag the sandbox on purpose (not ready, failing), and the day from which they must not. */
    private final Map<String, Integer> laggingUntilDay = new HashMap<>();
    private final List<SoakNight> nights = new ArrayList<>();
    private long lastExecutionId;
    private long lastStepExecutionId;

    SoakRunner(Parts parts, SoakScript script) {
        this.parts = parts;
        this.script = script;
        this.perCompany = parts.catalog().all().stream().filter(DataSet::perCompany).toList();
    }

    /** Runs {@code count} nights from the clock's day, the first of which reads everything; returns each night's figures. */
    List<SoakNight> run(int count) {
        for (int day = 0; day < count; day++) {
            nights.add(night(day));
        }
        return nights;
    }

    private SoakNight night(int day) {
        // the platform's day: a tick (a deferred retry may be due), then its changes and faults
        moveTo(NOON, 0);
        long requestsBefore = parts.sandbox().requestCount();
        long lastRunBefore = lastExecutionId;
        long runNanos = tickAndWait();
        apply(script.day(day, isSaturday(), sinceLastNightlyRun()));

        // the night, every deferred interval, as the service's ticker would
        moveTo(NIGHT_FROM, 1);
        Instant morning = at(MORNING, 0);
        while (parts.clock().instant().isBefore(morning)) {
            parts.clock().advance(parts.properties().deferredInterval());
            runNanos += tickAndWait();
        }

        List<RunDetail> runs = runsSince(lastRunBefore);
        boolean fullRefresh = runs.stream().anyMatch(r -> r.request().mode().equals("full"));
        // every morning compared: a failing company data set no longer holds back the others (see the class comment)
        int pendingDeletes = checkMorning(day + 1, fullRefresh);
        SoakNight night = new SoakNight(day + 1, parts.clock().instant(), String.join("+", runs.stream()
                .map(r -> r.request().mode() + (r.resumedFrom() != null ? "(resumed)" : "") + ":" + r.status()).toList()),
                parts.sandbox().requestCount() - requestsBefore, minimumRequests(runs), runNanos / 1e9,
                jobRepositoryRows(), historyRows(), parts.databaseBytes().applyAsLong(parts.jdbi()), heapAfterGc(),
                pendingDeletes, SoakHistory.read(parts.jdbi(), parts.catalog()));
        log.info("Soak {}", night);
        return night;
    }

    private void apply(SoakScript.Day day) {
        List<String> companies = parts.sandbox().dataSet().companyIds();
        for (SoakScript.Change change : day.changes()) {
            parts.sandbox().faults().dataSet(companies.get(change.company()), change.dataType()).change(change.changes());
        }
        if (day.driftBeforeFullRefresh()) {
            // Sunday's full refresh walks company 0's invoices in more than one page: records move under it after page 1
            parts.sandbox().faults().dataSet(companies.get(0), "invoices").driftAfterPages(1, 3, 2);
        }
        if (day.notReadyStarts()) {
            parts.sandbox().faults().dataSet(companies.get(1), "invoices").readyAfter(Duration.ofDays(SoakScript.FAULT_DAYS));
            // ready at noon three days on; the next night reads it
            laggingUntilDay.put(companies.get(1) + "/invoices", day.day() + SoakScript.FAULT_DAYS + 1);
        }
        if (day.failureStarts()) {
            parts.sandbox().faults().path("/companies/" + companies.get(2) + "/data/bills").serverErrors(1.0);
            laggingUntilDay.put(companies.get(2) + "/bills", day.day() + SoakScript.FAULT_DAYS + 1);
        }
        if (day.failureEnds()) {
            parts.sandbox().faults().clear();
        }
    }

    /** The morning: every company data set equals the sandbox, but those lagging on purpose. */
    private int checkMorning(int morningOfDay, boolean fullRefresh) {
        int pendingDeletes = 0;
        for (String companyId : parts.sandbox().dataSet().companyIds()) {
            for (DataSet dataSet : perCompany) {
                String key = companyId + "/" + dataSetType(dataSet);
                if (laggingUntilDay.getOrDefault(key, 0) > morningOfDay) {
                    continue;
                }
                pendingDeletes += WarehouseAssertions.assertDataSetEqualsSandbox(parts.jdbi(), parts.sandbox().dataSet(),
                        dataSet, companyId, everServed.computeIfAbsent(key, k -> new HashSet<>()), fullRefresh);
            }
        }
        List<String> companies = parts.jdbi().withHandle(h -> h.createQuery("SELECT id FROM companies WHERE deleted_at IS NULL")
                .mapTo(String.class).list());
        assertThat(companies).as("live companies").containsExactlyInAnyOrderElementsOf(parts.sandbox().dataSet().companyIds());
        return pendingDeletes;
    }

    /** Ticks the schedule once and waits for what it started; moves their Batch times to the clock's. */
    private long tickAndWait() {
        Instant simulated = parts.clock().instant();
        Duration gap = Duration.between(Instant.now(), simulated);
        long started = System.nanoTime();
        parts.schedule().tick();
        if (!anyRunSince(lastExecutionId)) {
            return 0;
        }
        // a run has ended when Batch says so and its lock is free again. A launch no longer needs the second (it waits for
        // the release of a run of this process that has ended), but the times moved below do: without it, a run now and
        // then kept its wall-clock times and the purge never took it (seen over 200 nights, issue 27); Batch seems to
        // write the execution again after its end is first seen. The release is the run's thread's last act.
        await().atMost(WAIT_FOR_RUNS).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(20))
                .until(() -> parts.jdbi().withHandle(h -> h.createQuery(
                        "SELECT COUNT(*) FROM batch_job_execution WHERE end_time IS NULL").mapTo(Long.class).one()) == 0
                        && Arrays.stream(SyncRequest.Kind.values()).allMatch(this::lockFree));
        long took = System.nanoTime() - started;
        shiftBatchTimes(gap);
        return took;
    }

    /** Whether a run started after {@code executionId} or one is still running: most ticks start nothing. */
    private boolean anyRunSince(long executionId) {
        return parts.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM batch_job_execution"
                + " WHERE job_execution_id > :after OR end_time IS NULL").bind("after", executionId).mapTo(Long.class).one()) > 0;
    }

    private boolean lockFree(SyncRequest.Kind kind) {
        Optional<RunLocks.Held> held = parts.locks().tryAcquire(kind.lockName());
        held.ifPresent(RunLocks.Held::close);
        return held.isPresent();
    }

    private void shiftBatchTimes(Duration gap) {
        parts.jdbi().useTransaction(h -> {
            for (String[] table : new String[][] {{"batch_job_execution", "job_execution_id"},
                    {"batch_step_execution", "step_execution_id"}}) {
                long after = table[0].equals("batch_job_execution") ? lastExecutionId : lastStepExecutionId;
                List<Map<String, Object>> rows = h.createQuery("SELECT " + table[1] + " AS id, create_time, start_time, end_time,"
                        + " last_updated FROM " + table[0] + " WHERE " + table[1] + " > :after").bind("after", after)
                        .mapToMap().list();
                for (Map<String, Object> row : rows) {
                    h.createUpdate("UPDATE " + table[0] + " SET create_time = :c, start_time = :s, end_time = :e, last_updated = :u"
                            + " WHERE " + table[1] + " = :id")
                            .bind("c", shifted(row.get("create_time"), gap)).bind("s", shifted(row.get("start_time"), gap))
                            .bind("e", shifted(row.get("end_time"), gap)).bind("u", shifted(row.get("last_updated"), gap))
                            .bind("id", ((Number) row.get("id")).longValue()).execute();
                    if (table[0].equals("batch_job_execution")) {
                        lastExecutionId = Math.max(lastExecutionId, ((Number) row.get("id")).longValue());
                    } else {
                        lastStepExecutionId = Math.max(lastStepExecutionId, ((Number) row.get("id")).longValue());
                    }
                }
            }
        });
    }

    private static LocalDateTime shifted(Object time, Duration gap) {
        if (time == null) {
            return null;
        }
        LocalDateTime local = time instanceof java.sql.Timestamp ts ? ts.toLocalDateTime() : (LocalDateTime) time;
        return local.plus(gap);
    }

    private List<RunDetail> runsSince(long executionId) {
        List<Long> ids = parts.jdbi().withHandle(h -> h.createQuery("SELECT job_execution_id FROM batch_job_execution"
                + " WHERE job_execution_id > :after ORDER BY job_execution_id").bind("after", executionId)
                .mapTo(Long.class).list());
        return ids.stream().map(parts.runs()::detail).toList();
    }

    /**
     * The fewest requests the night's runs could have made, partition by partition (those each run ran itself): one
     * request for a partition that was deferred or failed; for a full refresh's completed partition, every page of what
     * the sandbox serves; for an incremental or deferred run's, the pages of the records it wrote (at least one).
     */
    private long minimumRequests(List<RunDetail> runs) {
        long minimum = 0;
        for (RunDetail run : runs) {
            boolean full = run.request().mode().equals("full");
            for (RunDetail.PartitionDetail partition : run.partitions()) {
                if (partition.ranIn() != run.runId()) {
                    continue;
                }
                long records = partition.records();
                if (full && partition.outcome().equals("COMPLETED") && partition.companyId() != null) {
                    DataSet dataSet = parts.catalog().get(partition.dataSet());
                    records = parts.sandbox().dataSet().count(partition.companyId(), dataSetType(dataSet));
                }
                boolean read = partition.outcome().equals("COMPLETED");
                minimum += read ? Math.max(1, (records + parts.pageSize() - 1) / parts.pageSize()) : 1;
            }
        }
        return minimum;
    }

    /** Rows of Spring Batch's tables: what the purge of old runs keeps bounded. */
    private long jobRepositoryRows() {
        long rows = 0;
        for (String table : List.of("batch_job_instance", "batch_job_execution", "batch_job_execution_params",
                "batch_job_execution_context", "batch_step_execution", "batch_step_execution_context")) {
            rows += WarehouseAssertions.count(parts.jdbi(), table);
        }
        return rows;
    }

    /**
     * Rows of {@code sync_reconciliation} and of every {@code <table>_history} table there is (history mode, issue 26),
     * the CSV's {@code history_rows} since the first soak; {@link SoakHistory} tells its bounded parts from the others.
     */
    private long historyRows() {
        List<String> tables = parts.jdbi().withHandle(h -> h.createQuery("SELECT DISTINCT table_name FROM information_schema.tables"
                + " WHERE table_schema = 'public' AND (table_name = 'sync_reconciliation' OR table_name LIKE '%\\_history' ESCAPE '\\')")
                .mapTo(String.class).list());
        return tables.stream().mapToLong(table -> WarehouseAssertions.count(parts.jdbi(), table)).sum();
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private Duration sinceLastNightlyRun() {
        // noon now; the nightly run was at 02:00: a late change dated half an hour before it
        return Duration.ofHours(10).plusMinutes(30);
    }

    private boolean isSaturday() {
        return parts.clock().instant().atZone(zone()).getDayOfWeek() == DayOfWeek.SATURDAY;
    }

    /** Moves the clock forward to {@code time}'s hour and minute, {@code days} after today (in the schedule's zone). */
    private void moveTo(LocalDateTime time, int days) {
        Instant target = at(time, days);
        if (target.isBefore(parts.clock().instant())) {
            throw new IllegalStateException("the soak's clock only moves forward: " + target + " is before " + parts.clock().instant());
        }
        parts.clock().setInstant(target);
    }

    private Instant at(LocalDateTime time, int days) {
        return parts.clock().instant().atZone(zone()).toLocalDate().plusDays(days).atTime(time.toLocalTime()).atZone(zone())
                .toInstant();
    }

    private ZoneId zone() {
        return parts.properties().zone() == null ? ZoneOffset.UTC : parts.properties().zone();
    }

    private static String dataSetType(DataSet dataSet) {
        return dataSet.path().substring(dataSet.path().lastIndexOf('/') + 1);
    }
}
