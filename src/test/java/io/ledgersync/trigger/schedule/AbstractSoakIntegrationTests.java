package io.ledgersync.trigger.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;

import io.ledgersync.MutableClock;
import io.ledgersync.SandboxUnderTest;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.dataset.VersionRetention;
import io.ledgersync.sync.history.RunRetention;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.warehouse.lock.RunLocks;

/**
 * The soak in its short form (issue 27): {@code soak.nights} nights (30 unless set; {@code bench/soak.sh} sets 365) of
 * the sandbox's scripted days and the service's real schedule on one clock moved by hand, with a warehouse that must
 * equal the sandbox every morning. 3 companies of 150 invoices, 60 bills, 20 customers, 20 credit notes, 10 suppliers
 * and 30 accounts, 100 records a page; runs older than {@code soak.retention} (7d unless set) purged at 03:30, and
 * record versions closed longer ago than {@code soak.keep} (the retention unless set) with them. The
 * figures go to {@code soak.out} (target/soak unless set) as CSV and markdown. Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
@Import(AbstractSoakIntegrationTests.ClockConfiguration.class)
abstract class AbstractSoakIntegrationTests {

    static final int NIGHTS = Integer.getInteger("soak.nights", 30);
    static final String RETENTION = System.getProperty("soak.retention", "7d");
    /** How long closed record versions are kept (history mode, ledgersync.history.keep): as long as runs, unless set. */
    static final String KEEP = System.getProperty("soak.keep", RETENTION);
    static final int COMPANIES = 3;
    static final int PAGE_SIZE = 100;
    static final long SEED = 27;

    /** The platform's clock and the service's: one clock, moved by the soak. A Saturday morning, a full refresh tonight. */
    static final MutableClock clock = new MutableClock(Instant.parse("2026-01-03T06:00:00Z"));
    static SandboxServer sandbox;

    @Autowired
    SyncLauncher launcher;

    @Autowired
    SyncRuns runs;

    @Autowired
    RunRetention retention;

    @Autowired
    ScheduleProperties scheduleProperties;

    @Autowired
    HistoryProperties historyProperties;

    @Autowired
    VersionRetention versionRetention;

    @Autowired
    VersionKeepProperties versionKeep;

    @Autowired
    DataSetCatalog catalog;

    @Autowired
    Jdbi jdbi;

    @Autowired
    RunLocks locks;

    @TestConfiguration(proxyBeanMethods = false)
    static class ClockConfiguration {

        @Bean
        MutableClock clock() {
            return clock;
        }
    }

    static Map<String, Integer> records() {
        Map<String, Integer> records = new LinkedHashMap<>();
        records.put("customers", 20);
        records.put("invoices", 150);
        records.put("creditNotes", 20);
        records.put("suppliers", 10);
        records.put("bills", 60);
        records.put("accounts", 30);
        return records;
    }

    static void properties(DynamicPropertyRegistry registry) {
        SandboxSettings settings = SandboxSettings.defaults().withCompanies(COMPANIES).withSeed(SEED).withClock(clock)
                .withFreeTrial(false);
        for (Map.Entry<String, Integer> type : records().entrySet()) {
            settings = settings.withRecordsPerCompany(type.getKey(), type.getValue());
        }
        sandbox = SandboxServer.start(settings);
        SandboxUnderTest.register(registry, sandbox);
        registry.add("ledgersync.api.page-size", () -> PAGE_SIZE);
        // a failing company data set fails its partition at once rather than after real-time backoffs
        registry.add("ledgersync.api.retry.max-attempts", () -> 1);
        // the night's few requests must not wait for a rate meant for a real Data API
        registry.add("ledgersync.api.rate-limit.requests-per-second", () -> 1000);
        registry.add("ledgersync.history.retention", () -> RETENTION);
        registry.add("ledgersync.history.keep", () -> KEEP);
    }

    @AfterAll
    static void stopSandbox() {
        sandbox.close();
    }

    /** The database's size on disk. */
    abstract long databaseBytes(Jdbi jdbi);

    /** Names the results: h2, postgres. */
    abstract String name();

    @Test
    void everyMorningTheWarehouseEqualsTheSandboxAndTheHistoryOfRunsAndClosedVersionsStayBounded() {
        // the schedule as configured, switched on, on the soak's clock
        ScheduleProperties on = new ScheduleProperties(true, scheduleProperties.incremental(), scheduleProperties.zone(),
                scheduleProperties.deferredInterval(), scheduleProperties.fullRefresh(), null);
        // built as ScheduleConfiguration builds it: the purge of old runs and of closed record versions (history mode)
        SyncSchedule schedule = new SyncSchedule(launcher, runs, retention, on, historyProperties, clock)
                .purgingVersions(versionRetention, versionKeep.keep());
        SoakScript script = new SoakScript(SEED, COMPANIES, records());
        SoakRunner runner = new SoakRunner(new SoakRunner.Parts(schedule, on, clock, sandbox, jdbi, catalog, runs, locks, PAGE_SIZE,
                this::databaseBytes), script);
        long started = System.nanoTime();

        List<SoakNight> nights = runner.run(NIGHTS);

        SoakSummary summary = new SoakSummary(nights, (System.nanoTime() - started) / 1e9);
        summary.write(Path.of(System.getProperty("soak.out", "target/soak")), name() + "-" + NIGHTS + "-nights");
        // every morning compared (the runner's check fails the soak at the first that differs), and no scheduled run
        // resumed a failed one: company 2's bills fail three nights in every 91 days, the others' changes come in anyway
        assertThat(nights).noneSatisfy(night -> assertThat(night.runs()).contains("(resumed)"));
        assertThat(nights).as("the failing nights' runs failed").anySatisfy(night -> assertThat(night.runs()).contains("incremental:FAILED"));
        // every night an incremental run; every Sunday night a full refresh too
        assertThat(nights).allSatisfy(night -> assertThat(night.runs()).contains("incremental"));
        assertThat(nights).filteredOn(night -> LocalDate.ofInstant(night.morning(), ZoneOffset.UTC).getDayOfWeek()
                == DayOfWeek.SUNDAY).isNotEmpty().allSatisfy(night -> assertThat(night.runs()).contains("full:"));
        // the purge keeps the runs' history to its retention: the job repository, and sync_reconciliation with it
        int settled = days(RETENTION) + 1;
        assertThat(nights.size()).as("enough nights to see the purge at work").isGreaterThanOrEqualTo(settled + 7);
        assertBoundedOnceSettled("job repository rows", summary, SoakNight::jobRepositoryRows, settled, true);
        assertBoundedOnceSettled("sync_reconciliation rows", summary, night -> night.history().reconciliationRows(), settled, true);
        // the record versions (history mode): one open version for each live record, but those the source marks
        // deleted (their last version closes at the deletion), exactly, every morning; so they grow with the data
        assertThat(nights).allSatisfy(night -> assertThat(night.history().openVersions())
                .as("open versions on night %d: live records %d less %d deleted at the source", night.night(),
                        night.history().liveRecords(), night.history().sourceDeletedRecords())
                .isEqualTo(night.history().expectedOpenVersions()));
        assertThat(summary.night(nights.size()).history().liveRecords()).as("the soak inserts records every night")
                .isGreaterThan(summary.night(1).history().liveRecords());
        // closed versions: the purge of each night (03:30) takes those closed longer ago than the keep, so every morning
        // none is older than the keep and a night; that bounds them by the keep's worth of changes, whatever the nights
        Duration keep = Duration.ofDays(days(KEEP));
        assertThat(nights.size()).as("nights past the keep").isGreaterThan(days(KEEP) + 1);
        assertThat(nights).filteredOn(night -> night.history().oldestClosed() != null).hasSizeGreaterThan(days(KEEP) + 1)
                .allSatisfy(night -> assertThat(night.history().oldestClosed()).as("the oldest closed version on night %d",
                        night.night()).isAfterOrEqualTo(night.morning().minus(keep).minus(Duration.ofDays(1))));
        // their count is a window of random days' changes: a week's window (the suite's keep) differs by more than 10 %
        // from one week to the next, so the count is compared only over a long soak, against the night the keep settled
        assertBoundedOnceSettled("closed record versions", summary, night -> night.history().closedVersions(), days(KEEP) + 1,
                false);
    }

    /**
     * A figure a purge keeps bounded, from the night {@code settled} on (the first that purged a retention's worth):
     * a week before the last night it was no more than 10 % below the last one ({@code weekly}: the same nights of the
     * week, the same runs), and a long soak (bench/soak.sh: a year, 90 days kept) ends within 10 % of night {@code settled}.
     */
    private static void assertBoundedOnceSettled(String figure, SoakSummary summary, ToLongFunction<SoakNight> rows, int settled,
            boolean weekly) {
        int last = summary.nights().size();
        if (weekly) {
            assertThat(rows.applyAsLong(summary.night(last))).as("%s, the last night against a week before", figure)
                    .isLessThanOrEqualTo(Math.round(rows.applyAsLong(summary.night(last - 7)) * 1.10));
        }
        if (last >= settled + 30) {
            assertThat(rows.applyAsLong(summary.night(last))).as("%s, the last night against night %d", figure, settled)
                    .isLessThanOrEqualTo(Math.round(rows.applyAsLong(summary.night(settled)) * 1.10));
        }
    }

    private static int days(String duration) {
        return (int) Duration.parse("P" + duration.toUpperCase()).toDays();
    }
}
