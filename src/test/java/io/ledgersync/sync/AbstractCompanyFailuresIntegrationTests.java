package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;

import io.ledgersync.SandboxUnderTest;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sandbox.records.DataSetState.Changes;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.RunHandle;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.trigger.cli.ExitCode;
import io.ledgersync.warehouse.state.SyncState;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * Issue 23, a company data set is the unit of failure: the whole application against the sandbox, every shipped data
 * set, with one company data set, one data set of every company, or the whole Data API broken. Each time: the run goes
 * on to every other partition and ends FAILED with the failures' exit code, its summary names each failed company data
 * set, everything else equals the sandbox, and the next sync reads only what failed; a company data set that keeps
 * failing shows how many runs in a row and since when. The schedule's run after one that failed on its own starts anew
 * (the others' changes come in while one keeps failing); after a killed one it resumes it. Retries and pauses are scaled to milliseconds. 5 companies of 30
 * invoices, 10 records a page. Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
abstract class AbstractCompanyFailuresIntegrationTests {

    static final int COMPANIES = 5;
    private static final Duration WAIT_IN_OPEN_STATE = Duration.ofMillis(300);
    static final int PAGE_SIZE = 10;

    static SandboxServer sandbox;

    @Autowired
    SyncLauncher launcher;

    @Autowired
    Jdbi jdbi;

    @Autowired
    JobRepository jobRepository;

    @Autowired
    SyncStates states;

    @Autowired
    DataSetCatalog catalog;

    static void companyFailuresProperties(DynamicPropertyRegistry registry) {
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(30).withSeed(23));
        SandboxUnderTest.register(registry, sandbox);
        registry.add("ledgersync.api.page-size", () -> PAGE_SIZE);
        // the default budget (20 requests/s) would make each sync of ~400 pages take 20 s: the budget is not tested here
        registry.add("ledgersync.api.rate-limit.requests-per-second", () -> 2000);
        // the defaults' shape (several attempts, a breaker per company, a bounded pause) in milliseconds
        registry.add("ledgersync.api.retry.max-attempts", () -> 3);
        registry.add("ledgersync.api.retry.initial-backoff", () -> "10ms");
        registry.add("ledgersync.api.retry.max-backoff", () -> "20ms");
        registry.add("ledgersync.api.retry.retry-after-floor", () -> "10ms");
        registry.add("ledgersync.api.circuit-breaker.wait-in-open-state", () -> WAIT_IN_OPEN_STATE.toMillis() + "ms");
        registry.add("ledgersync.api.circuit-breaker.max-pause", () -> "300ms");
    }

    @AfterAll
    static void stopSandbox() {
        sandbox.close();
    }

    @BeforeEach
    void emptyWarehouseAndHealthySandbox() {
        sandbox.faults().clear();
        for (DataSet dataSet : catalog.all()) {
            jdbi.useHandle(handle -> handle.execute("DELETE FROM " + dataSet.table().name()));
            for (var child : dataSet.children()) {
                jdbi.useHandle(handle -> handle.execute("DELETE FROM " + child.table().name()));
            }
        }
        jdbi.useHandle(handle -> handle.execute("DELETE FROM sync_state"));
        jdbi.useHandle(handle -> handle.execute("DELETE FROM rejected_records"));
    }

    @Test
    void oneCompanysDataSetAnswering500ForeverFailsAloneAndTheNextSyncReadsOnlyIt() {
        // given one company whose bills answer 500 to every request
        String broken = sandbox.dataSet().companyIds().get(2);
        sandbox.faults().path("/companies/" + broken + "/data/bills").serverErrors(1.0);

        // when everything is synced
        SyncReport report = launcher.run(SyncRequest.everything());

        // then the run read every other partition, and ended FAILED naming the one that failed, exit code 7
        assertThat(report.successful()).isFalse();
        assertThat(ExitCode.of(report)).isEqualTo(ExitCode.SOURCE_UNAVAILABLE);
        assertThat(report.failures()).singleElement().asString().startsWith("bills of company " + broken + ": ");
        assertThat(report.summary()).contains("bills ").contains("(1 failed)");
        assertThat(states.find(broken, "bills").orElseThrow().state()).isEqualTo(SyncState.Status.FAILED);
        assertEverythingEqualsTheSandboxBut(broken, "bills");

        // when the source is mended and the same sync runs again
        sandbox.faults().clear();
        long before = sandbox.requestCount();
        SyncReport next = launcher.run(SyncRequest.everything());

        // then it read only the failed partition's pages, and the warehouse equals the sandbox
        assertThat(next.successful()).as(String.join(" | ", next.failures())).isTrue();
        assertThat(sandbox.requestCount() - before).isEqualTo(pages(broken, "bills"));
        assertEverythingEqualsTheSandboxBut(null, null);
    }

    @Test
    void theScheduledRunAfterOneThatFailedOnItsOwnStartsAnewSoTheOtherCompaniesGetTheirChangesEveryNight() {
        // given a first sync, then one company whose bills answer 500 to every request
        assertThat(scheduled().completion().join().successful()).isTrue();
        String broken = sandbox.dataSet().companyIds().get(2);
        sandbox.faults().path("/companies/" + broken + "/data/bills").serverErrors(1.0);

        // two nights: every other company's invoices change during the day, and the scheduled run fails on the bills
        for (int night = 1; night <= 2; night++) {
            changeInvoicesOfEveryCompanyBut(broken);
            RunHandle run = scheduled();
            SyncReport report = run.completion().join();

            // then it is a new run, not a resume of the failed one, and the others' changes are in the warehouse
            assertThat(run.resumed()).as("night %d resumed the failed run", night).isFalse();
            assertThat(report.successful()).isFalse();
            assertThat(report.failures()).singleElement().asString().startsWith("bills of company " + broken + ": ");
            assertEverythingEqualsTheSandboxBut(broken, "bills");
        }

        // the morning after it recovers, the failing one has caught up, from a new run too
        sandbox.faults().clear();
        changeInvoicesOfEveryCompanyBut(broken);
        RunHandle recovered = scheduled();
        assertThat(recovered.completion().join().successful()).isTrue();
        assertThat(recovered.resumed()).isFalse();
        assertEverythingEqualsTheSandboxBut(null, null);
    }

    @Test
    void theScheduledRunStillResumesARunLeftRunningByAKilledProcess() {
        // given a run that the job repository shows as running and no process runs: its process was killed
        JobParameters parameters = SyncRequest.everything().toJobParameters(System.currentTimeMillis());
        JobInstance instance = jobRepository.createJobInstance(SyncRequest.JOB_NAME, parameters);
        JobExecution killed = jobRepository.createJobExecution(instance, parameters, new ExecutionContext());
        killed.setStatus(BatchStatus.STARTED);
        killed.setStartTime(LocalDateTime.now());
        jobRepository.update(killed);

        // when the schedule launches the nightly run
        RunHandle run = scheduled();

        // then it recovered the killed run and resumed it, as a later execution of the same job instance
        assertThat(run.resumed()).isTrue();
        assertThat(run.completion().join().successful()).isTrue();
        assertThat(jobRepository.getJobExecution(run.runId()).getJobInstance().getInstanceId()).isEqualTo(instance.getInstanceId());
        assertEverythingEqualsTheSandboxBut(null, null);
    }

    /** The nightly run as the schedule launches it (launcher.run still resumes the failed run:
     * oneCompanysDataSetAnswering500ForeverFailsAloneAndTheNextSyncReadsOnlyIt). */
    private RunHandle scheduled() {
        return launcher.launchSupersedingFailed(SyncRequest.everything());
    }

    private void changeInvoicesOfEveryCompanyBut(String company) {
        for (String id : sandbox.dataSet().companyIds()) {
            if (!id.equals(company)) {
                sandbox.faults().dataSet(id, "invoices").change(new Changes(2, 1, 0, 0, 0, Duration.ZERO));
            }
        }
    }

    @Test
    void aDataSetAnsweringAPlain404ForEveryCompanyFailsOnlyThatDataSet() {
        // given a Data API without the accounts endpoint: a plain 404, not "data type not supported"
        sandbox.faults().path("/companies/*/data/accounts").notFound();

        SyncReport report = launcher.run(SyncRequest.everything());

        // then every later data set was read, and each company's accounts is named as failed, exit code 1
        assertThat(report.successful()).isFalse();
        assertThat(ExitCode.of(report)).isEqualTo(ExitCode.FAILED);
        assertThat(report.failures()).hasSize(COMPANIES)
                .allSatisfy(failure -> assertThat(failure).startsWith("accounts of company ").contains("404"));
        for (String company : sandbox.dataSet().companyIds()) {
            assertEverythingOfACompanyEqualsTheSandboxBut(company, "accounts");
        }

        // and once the endpoint is there, the next sync reads the accounts alone
        sandbox.faults().clear();
        long before = sandbox.requestCount();
        assertThat(launcher.run(SyncRequest.everything()).successful()).isTrue();
        assertThat(sandbox.requestCount() - before)
                .isEqualTo(sandbox.dataSet().companyIds().stream().mapToLong(company -> pages(company, "accounts")).sum());
        assertEverythingEqualsTheSandboxBut(null, null);
    }

    @Test
    void theWholeDataApiDownFailsTheRunFastWithExitCode7InsteadOfEveryPartitionWaitingOutItsRetries() {
        // given a warehouse in step, then a Data API that answers 500 to everything
        assertThat(launcher.run(SyncRequest.everything()).successful()).isTrue();
        sandbox.faults().all().serverErrors(1.0);
        // down since before the window the judgement looks back on (twice wait-in-open-state): a Data API that
        // answered within wait-in-open-state is not judged down yet (a blip mid-run is retried through), and the
        // first run's answers would count as companies still answering; a sync started at once would send every
        // request of that grace, as many as the machine manages (38 in a loaded CI run)
        Instant lastAnswer = Instant.now();
        await().atMost(Duration.ofSeconds(10))
                .until(() -> Duration.between(lastAnswer, Instant.now()).compareTo(WAIT_IN_OPEN_STATE.multipliedBy(2)) > 0);
        long before = sandbox.requestCount();

        SyncReport report = launcher.run(SyncRequest.everything());

        // then the run failed with exit code 7, the remaining requests failed without being sent
        assertThat(ExitCode.of(report)).isEqualTo(ExitCode.SOURCE_UNAVAILABLE);
        assertThat(report.failures()).anySatisfy(failure -> assertThat(failure).contains("the Data API looks down"));
        long partitions = 1 + (catalog.all().size() - 1L) * COMPANIES;
        assertThat(sandbox.requestCount() - before).as("requests sent, against %d partitions of 3 attempts", partitions)
                .isLessThan(partitions);
        // and nothing the first run wrote was lost
        sandbox.faults().clear();
        assertEverythingEqualsTheSandboxBut(null, null);
    }

    @Test
    void aCompanyDataSetThatFailsThreeRunsInARowShowsThreeFailuresSinceTheFirstUntilARunReadsIt() {
        // given one company whose bills answer 500 to every request, for three runs: each resumes the one before
        String broken = sandbox.dataSet().companyIds().get(3);
        sandbox.faults().path("/companies/" + broken + "/data/bills").serverErrors(1.0);
        Instant beforeFirst = Instant.now();
        assertThat(launcher.run(SyncRequest.everything()).successful()).isFalse();
        Instant afterFirst = Instant.now();
        SyncState first = states.find(broken, "bills").orElseThrow();

        assertThat(launcher.run(SyncRequest.everything()).successful()).isFalse();
        SyncReport third = launcher.run(SyncRequest.everything());

        // then its state counts the three runs, since the first failure; no other company data set is failing
        assertThat(third.failures()).singleElement().asString().startsWith("bills of company " + broken + ": ");
        assertThat(first.consecutiveFailures()).isEqualTo(1);
        assertThat(first.failingSince()).isBetween(beforeFirst, afterFirst);
        SyncState failing = states.find(broken, "bills").orElseThrow();
        assertThat(failing.state()).isEqualTo(SyncState.Status.FAILED);
        assertThat(failing.consecutiveFailures()).isEqualTo(3);
        assertThat(failing.failingSince()).isEqualTo(first.failingSince());
        assertThat(states.all()).filteredOn(state -> !(state.companyId().equals(broken) && state.dataSet().equals("bills")))
                .isNotEmpty().allSatisfy(state -> assertThat(state.consecutiveFailures()).as("%s of %s", state.dataSet(),
                        state.companyId()).isZero());

        // when the company is mended, the next sync reads it and its streak ends
        sandbox.faults().clear();
        assertThat(launcher.run(SyncRequest.everything()).successful()).isTrue();

        SyncState mended = states.find(broken, "bills").orElseThrow();
        assertThat(mended.state()).isEqualTo(SyncState.Status.OK);
        assertThat(mended.consecutiveFailures()).isZero();
        assertThat(mended.failingSince()).isNull();
        assertEverythingEqualsTheSandboxBut(null, null);
    }

    /** Every company data set's table holds what the sandbox serves, but for one company's data set (null: none). */
    private void assertEverythingEqualsTheSandboxBut(String company, String dataSet) {
        assertThat(companyIds()).containsExactlyInAnyOrderElementsOf(sandbox.dataSet().companyIds());
        for (String id : sandbox.dataSet().companyIds()) {
            assertEverythingOfACompanyEqualsTheSandboxBut(id, id.equals(company) ? dataSet : null);
        }
    }

    private void assertEverythingOfACompanyEqualsTheSandboxBut(String company, String except) {
        for (DataSet dataSet : catalog.all()) {
            if (!dataSet.perCompany() || dataSet.name().equals(except)) {
                continue;
            }
            long rows = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + dataSet.table().name()
                    + " WHERE company_id = :c AND deleted_at IS NULL").bind("c", company).mapTo(Long.class).one());
            assertThat(rows).as("%s of %s", dataSet.name(), company).isEqualTo(sandbox.dataSet().count(company, dataType(dataSet)));
        }
    }

    private List<String> companyIds() {
        return jdbi.withHandle(h -> h.createQuery("SELECT id FROM companies").mapTo(String.class).list());
    }

    private long pages(String company, String dataSet) {
        int records = sandbox.dataSet().count(company, dataType(catalog.get(dataSet)));
        return Math.max(1, (records + PAGE_SIZE - 1) / PAGE_SIZE);
    }

    private static String dataType(DataSet dataSet) {
        return dataSet.path().substring(dataSet.path().lastIndexOf('/') + 1);
    }
}
