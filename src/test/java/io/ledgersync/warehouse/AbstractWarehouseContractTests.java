package io.ledgersync.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.transaction.support.TransactionTemplate;

import io.ledgersync.warehouse.SyncState.Status;
import io.ledgersync.MutableClock;

/**
 * What the warehouse promises, on every database it supports: the same tests, one subclass per
 * database, against the real migrations.
 */
abstract class AbstractWarehouseContractTests {

    static final Table THINGS = new Table("invoices", List.of(
            new Column("company_id", ColumnType.TEXT), new Column("id", ColumnType.TEXT),
            new Column("total_amount", ColumnType.DECIMAL), new Column("modified_date", ColumnType.TIMESTAMP),
            new Column("is_deleted", ColumnType.BOOLEAN)), List.of("company_id", "id"));

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    DataSource dataSource;
    Dialect dialect;
    Jdbi jdbi;
    Warehouse warehouse;
    private SyncStates states;
    RunLocks locks;
    private RunPurge purge;

    /** A JDBC URL of an empty database, fresh for each test. */
    abstract String freshDatabaseUrl();

    abstract String user();

    /** The migrations folder of this database, as Spring Boot's {vendor} would choose it. */
    abstract String vendor();

    @BeforeEach
    void migrate() throws Exception {
        dataSource = new DriverManagerDataSource(freshDatabaseUrl(), user(), "");
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration/" + vendor()).load().migrate();
        jdbi = Jdbi.create(new TransactionAwareDataSourceProxy(dataSource)).installPlugin(new SqlObjectPlugin());
        try (var connection = dataSource.getConnection()) {
            dialect = Dialect.forProduct(connection.getMetaData().getDatabaseProductName());
        }
        warehouse = new Warehouse(jdbi, dialect, clock);
        states = new SyncStates(jdbi, dialect);
        locks = dialect.runLocks(dataSource, "ledgersync host-a/1");
        purge = new RunPurge(jdbi);
    }

    @Test
    void upsertInsertsThenReplacesTheRowWithTheSameKey() {
        warehouse.upsert(THINGS, List.of(row("c1", "i1", "10.00", false), row("c1", "i2", "20.00", false)), 1);
        warehouse.upsert(THINGS, List.of(row("c1", "i1", "11.50", true)), 2);

        assertThat(warehouse.count("invoices")).isEqualTo(2);
        var i1 = jdbi.withHandle(h -> h.createQuery("SELECT total_amount, is_deleted, run_id FROM invoices WHERE id = 'i1'").mapToMap().one());
        assertThat((BigDecimal) i1.get("total_amount")).isEqualByComparingTo("11.50");
        assertThat(i1.get("is_deleted")).isEqualTo(true);
        assertThat(((Number) i1.get("run_id")).longValue()).isEqualTo(2);
    }

    @Test
    void aKeyRepeatedWithinOneChunkKeepsItsLastRow() {
        warehouse.upsert(THINGS, List.of(row("c1", "i1", "10.00", false), row("c1", "i1", "12.00", true)), 1);

        var i1 = jdbi.withHandle(h -> h.createQuery("SELECT total_amount, is_deleted FROM invoices WHERE id = 'i1'").mapToMap().one());
        assertThat((BigDecimal) i1.get("total_amount")).isEqualByComparingTo("12.00");
        assertThat(i1.get("is_deleted")).isEqualTo(true);
    }

    /** Megabytes of JSON: on H2, raw is CHARACTER VARYING since V5, which takes up to 1,000,000,000 characters. */
    @Test
    void aRecordOfMillionsOfCharactersRoundTrips() {
        String big = "{\"id\": \"i1\", \"note\": \"" + "0123456789".repeat(300_000) + "\"}";
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", "i1", null, null, null}, big)), 1);
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", "i1", null, null, null}, big)), 2);

        String stored = jdbi.withHandle(h -> h.createQuery("SELECT CAST(raw AS VARCHAR) FROM invoices").mapTo(String.class).one());
        assertThat(stored).hasSizeGreaterThan(3_000_000);
        assertThat(tools.jackson.databind.json.JsonMapper.builder().build().readTree(stored))
                .isEqualTo(tools.jackson.databind.json.JsonMapper.builder().build().readTree(big));
    }

    @Test
    void textAndJsonWithTabsNewlinesBackslashesAndNullsArriveUnchanged() {
        String awkward = "tab\there\nnew \\ line\r, \"quoted\", caf\u00e9 \u20ac";
        String raw = "{\"id\": \"i\\tx\", \"note\": \"a\\\\b\\nc\"}";
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", awkward, null, null, null}, raw)), 1);

        var row = jdbi.withHandle(h -> h.createQuery("SELECT id, total_amount, modified_date, is_deleted, CAST(raw AS VARCHAR) AS raw_text"
                + " FROM invoices").mapToMap().one());
        assertThat(row.get("id")).isEqualTo(awkward);
        assertThat(row.get("total_amount")).isNull();
        assertThat(row.get("modified_date")).isNull();
        assertThat(row.get("is_deleted")).isNull();
        assertThat(tools.jackson.databind.json.JsonMapper.builder().build().readTree((String) row.get("raw_text")))
                .isEqualTo(tools.jackson.databind.json.JsonMapper.builder().build().readTree(raw));
    }

    @Test
    void timestampsKeepTheirInstantWhateverTheirOffset() {
        OffsetDateTime withOffset = OffsetDateTime.of(2025, 6, 30, 23, 59, 58, 123_456_000, ZoneOffset.ofHours(-5));
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", "i1", new BigDecimal("-0.0001"), withOffset, false}, "{}")), 1);

        var row = jdbi.withHandle(h -> h.createQuery("SELECT total_amount, modified_date FROM invoices").mapToMap().one());
        assertThat((BigDecimal) row.get("total_amount")).isEqualByComparingTo("-0.0001");
        assertThat(jdbi.withHandle(h -> h.createQuery("SELECT modified_date FROM invoices").mapTo(OffsetDateTime.class).one())
                .toInstant()).isEqualTo(withOffset.toInstant());
    }

    @Test
    void rowsOfAFailedTransactionAreRolledBack() {
        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            warehouse.upsert(THINGS, List.of(row("c1", "i1", "10.00", false)), 1);
            throw new IllegalStateException("the chunk failed after its write");
        })).hasMessageContaining("the chunk failed");

        assertThat(warehouse.count("invoices")).isZero();
    }

    @Test
    void verifyNamesTheMissingTableOrColumnAndTheFix() {
        Table missingColumn = new Table("invoices", List.of(new Column("company_id", ColumnType.TEXT), new Column("id", ColumnType.TEXT),
                new Column("colour", ColumnType.TEXT)), List.of("company_id", "id"));
        Table missingTable = new Table("bills", List.of(new Column("id", ColumnType.TEXT)), List.of("id"));

        assertThatThrownBy(() -> warehouse.verify(missingColumn)).hasMessageContaining("[colour]").hasMessageContaining("migration");
        assertThatThrownBy(() -> warehouse.verify(missingTable)).hasMessageContaining("no table 'bills'");
        warehouse.verify(THINGS);
    }

    @Test
    void syncStateIsSavedReplacedAndFoundWhenDue() {
        Instant now = clock.instant();
        states.save(state("c1", Status.DEFERRED, 1, now.plusSeconds(600)));
        states.save(state("c2", Status.DEFERRED, 2, now.minusSeconds(1)));
        states.save(state("c3", Status.UNSUPPORTED, 0, null));

        assertThat(states.due(now)).extracting(SyncState::companyId).containsExactly("c2");
        assertThat(states.due(now.plusSeconds(600))).extracting(SyncState::companyId).containsExactly("c2", "c1");

        states.save(state("c2", Status.OK, 0, null));
        Optional<SyncState> c2 = states.find("c2", "invoices");
        assertThat(c2).get().extracting(SyncState::state, SyncState::attempts).containsExactly(Status.OK, 0);
        assertThat(states.all()).hasSize(3);
    }

    @Test
    void reconciliationRecordsWhetherWhatWasReadMatchesTotalResults() {
        states.reconcile(7, "c1", "invoices", 250, 250, clock.instant());
        states.reconcile(7, "c2", "invoices", 249, 250, clock.instant());

        assertThat(states.reconciliations(7)).extracting(SyncStates.Reconciliation::matched).containsExactly(true, false);
    }

    @Test
    void aRunLockIsExclusiveUntilReleasedAndNamesItsHolder() {
        Optional<RunLocks.Held> first = locks.tryAcquire("full");

        assertThat(first).isPresent();
        assertThat(locks.tryAcquire("full")).as("the same kind of run").isEmpty();
        assertThat(locks.holder("full")).get().asString().startsWith("ledgersync host-a/1");
        Optional<RunLocks.Held> deferred = locks.tryAcquire("deferred");
        assertThat(deferred).as("another kind of run").isPresent();

        first.get().close();
        first.get().close(); // twice: nothing more
        assertThat(locks.holder("full")).isEmpty();
        Optional<RunLocks.Held> again = locks.tryAcquire("full");
        assertThat(again).isPresent();
        again.get().close();
        deferred.get().close();
    }

    @Test
    void theLeasedLockTableIsGone() {
        long tables = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'run_lock'")
                .mapTo(Long.class).one());

        assertThat(tables).as("V7 drops run_lock").isZero();
    }

    /** The job repository's tables and sync_reconciliation, by the column that names a job execution. */
    private static final List<List<String>> RUN_TABLES = List.of(List.of("batch_job_execution", "job_execution_id"),
            List.of("batch_job_execution_params", "job_execution_id"), List.of("batch_job_execution_context", "job_execution_id"),
            List.of("batch_step_execution", "job_execution_id"), List.of("sync_reconciliation", "run_id"));

    @Test
    void aPurgeDeletesEveryRowOfTheRunsOlderThanTheCutoffAndNothingNewer() {
        JobRepositoryRows rows = new JobRepositoryRows(jdbi, List.of("customers", "invoices"), 2, JobRepositoryRows.plainContexts());
        Instant now = Instant.parse("2026-11-22T03:30:00Z");
        JobRepositoryRows.Run oldest = rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(200))));
        JobRepositoryRows.Run failed = rows.run("FULL", "FAILED", local(now.minus(Duration.ofDays(100))));
        JobRepositoryRows.Run resumed = rows.resume(failed, "FULL", "COMPLETED", local(now.minus(Duration.ofDays(99))));
        JobRepositoryRows.Run recent = rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(1))));
        long stepContextsBefore = count("batch_step_execution_context");

        RunPurge.Purged purged = purge.purge("sync", "mode", now.minus(Duration.ofDays(90)));

        assertThat(purged).isEqualTo(new RunPurge.Purged(3, 2, 3 * (2 + 2 * 2), 2 * 2 * 2, 0, 0));
        List<Long> gone = List.of(oldest.executionId(), failed.executionId(), resumed.executionId());
        for (List<String> table : RUN_TABLES) {
            assertThat(rows.rowsOf(table.get(0), table.get(1), gone)).as(table.get(0)).isZero();
            assertThat(rows.rowsOf(table.get(0), table.get(1), List.of(recent.executionId()))).as(table.get(0)).isPositive();
        }
        assertThat(count("batch_step_execution_context")).isEqualTo(stepContextsBefore - 3 * 6);
        List<Long> instances = jdbi.withHandle(h -> h.createQuery("SELECT job_instance_id FROM batch_job_instance").mapTo(Long.class).list());
        assertThat(instances).containsExactly(recent.instanceId());
        assertThat(purge.purge("sync", "mode", now.minus(Duration.ofDays(90))).runs()).as("nothing left to purge").isZero();
    }

    @Test
    void aPurgeNeverTakesTheNewestSuccessfulRunOfAKindNorARunThatCanBeResumed() {
        JobRepositoryRows rows = new JobRepositoryRows(jdbi, List.of("invoices"), 1, JobRepositoryRows.plainContexts());
        Instant now = Instant.parse("2026-11-22T03:30:00Z");
        JobRepositoryRows.Run olderFull = rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(300))));
        JobRepositoryRows.Run olderDeferred = rows.run("DEFERRED", "COMPLETED", local(now.minus(Duration.ofDays(290))));
        JobRepositoryRows.Run abandoned = rows.run("FULL", "ABANDONED", local(now.minus(Duration.ofDays(280))));
        JobRepositoryRows.Run newestDeferred = rows.run("DEFERRED", "COMPLETED", local(now.minus(Duration.ofDays(270))));
        JobRepositoryRows.Run newestFull = rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(260))));
        JobRepositoryRows.Run failed = rows.run("FULL", "FAILED", local(now.minus(Duration.ofDays(250))));
        JobRepositoryRows.Run stopped = rows.run("DEFERRED", "STOPPED", local(now.minus(Duration.ofDays(240))));
        JobRepositoryRows.Run killed = rows.run("FULL", "STARTED", local(now.minus(Duration.ofDays(230))));
        JobRepositoryRows.Run legacy = rows.run(null, "COMPLETED", local(now.minus(Duration.ofDays(220))));
        JobRepositoryRows.Run failedFirst = rows.run("FULL", "FAILED", local(now.minus(Duration.ofDays(210))));
        JobRepositoryRows.Run resumedRecently = rows.resume(failedFirst, "FULL", "STARTED", local(now.minus(Duration.ofHours(1))));

        RunPurge.Purged purged = purge.purge("sync", "mode", now.minus(Duration.ofDays(90)));

        assertThat(executions()).containsExactly(newestDeferred.executionId(), newestFull.executionId(), failed.executionId(),
                stopped.executionId(), killed.executionId(), legacy.executionId(), failedFirst.executionId(),
                resumedRecently.executionId());
        assertThat(purged.runs()).as("%s, %s and %s", olderFull, olderDeferred, abandoned).isEqualTo(3);
        assertThat(purged.keptNewest()).as("full, deferred, and runs from before modes").isEqualTo(3);
        assertThat(purged.keptResumable()).as("failed, stopped and killed").isEqualTo(3);
    }

    private List<Long> executions() {
        return jdbi.withHandle(h -> h.createQuery("SELECT job_execution_id FROM batch_job_execution ORDER BY job_execution_id")
                .mapTo(Long.class).list());
    }

    private long count(String table) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    /** Spring Batch keeps the local time of the JVM. */
    private static java.time.LocalDateTime local(Instant instant) {
        return java.time.LocalDateTime.ofInstant(instant, java.time.ZoneId.systemDefault());
    }

    private static Row row(String company, String id, String total, boolean deleted) {
        return new Row(new Object[] {company, id, new BigDecimal(total), OffsetDateTime.of(2025, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC), deleted},
                "{\"id\": \"" + id + "\"}");
    }

    private SyncState state(String company, Status status, int attempts, Instant next) {
        return new SyncState(company, "invoices", status, attempts, next, null, status == Status.OK ? null : "409 from the Data API",
                "corr-" + company, 1, clock.instant());
    }
}
