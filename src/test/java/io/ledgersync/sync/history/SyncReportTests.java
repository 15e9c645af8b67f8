package io.ledgersync.sync.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInterruptedException;
import org.springframework.batch.core.step.StepExecution;
import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.TestRuns;
import io.ledgersync.sync.walk.PartitionContext;

/**
 * What a run reports: a stop is counted as such, a resumed run says both what it read and what the whole run read, and
 * deletes the safety bound refused are named.
 */
class SyncReportTests {

    private static final List<String> DATA_SETS = List.of("companies", "customers", "invoices");
    private final Instant started = Instant.parse("2026-11-22T02:00:00Z");

    @Test
    void aStoppedPartitionIsCountedStoppedNotCompletedAndItsInterruptionIsNoFailure() {
        JobExecution run = ended(TestRuns.execution(3L, started), BatchStatus.STOPPED);
        TestRuns.partition(run, "invoices", "a", BatchStatus.COMPLETED, 250, 3, 250, 3, 250);
        StepExecution stopped = TestRuns.partition(run, "invoices", "b", BatchStatus.STOPPED, 100, 1, 100, 1, 250);
        stopped.addFailureException(new JobInterruptedException("JobExecution interrupted."));

        SyncReport report = SyncReport.of(RunPartitions.of(run), DATA_SETS);

        SyncReport.DataSetOutcome invoices = report.dataSets().get(2);
        assertThat(invoices.stopped()).isEqualTo(1);
        assertThat(invoices.failed()).isZero();
        assertThat(invoices.unfinished()).isEqualTo(1);
        assertThat(report.stopped()).isEqualTo(1);
        assertThat(report.outcome()).isEqualTo(RunOutcome.STOPPED);
        assertThat(report.failures()).isEmpty();
        assertThat(report.summary()).isEqualTo("Sync run 3 STOPPED in 60.0 s: invoices 350 records in 4 pages from 2 companies (1 stopped)");
    }

    @Test
    void aResumedRunReportsThisExecutionAndTheWholeRun() {
        // the first execution read companies and company a's invoices, and was stopped in company b's
        JobExecution first = ended(TestRuns.execution(11L, started.minusSeconds(3600)), BatchStatus.STOPPED);
        TestRuns.partition(first, "companies", null, BatchStatus.COMPLETED, 2, 1, 2, 1, 2);
        TestRuns.partition(first, "invoices", "a", BatchStatus.COMPLETED, 100, 1, 100, 1, 100);
        TestRuns.partition(first, "invoices", "b", BatchStatus.STOPPED, 100, 1, 100, 1, 250);
        // the resumed execution read the rest of company b: 150 records in 2 pages
        JobExecution resumed = ended(TestRuns.execution(12L, started), BatchStatus.COMPLETED);
        TestRuns.partition(resumed, "invoices", "b", BatchStatus.COMPLETED, 250, 3, 150, 2, 250);

        SyncReport report = SyncReport.of(RunPartitions.of(resumed, List.of(first)), DATA_SETS);

        assertThat(report.resumed()).isTrue();
        assertThat(report.records("invoices")).as("this execution").isEqualTo(150);
        assertThat(report.runRecords("invoices")).as("the whole run").isEqualTo(350);
        SyncReport.DataSetOutcome invoices = report.dataSets().get(2);
        assertThat(invoices.pages()).isEqualTo(2);
        assertThat(invoices.runPages()).isEqualTo(4);
        assertThat(invoices.partitions()).as("partitions this execution ran").isEqualTo(1);
        assertThat(report.summary()).isEqualTo("Sync run 12 (resumed) COMPLETED in 60.0 s: "
                + "companies 0 records in 0 pages (of 2 in 1 over the whole run); "
                + "invoices 150 records in 2 pages (of 350 in 4 over the whole run) from 1 company");
    }

    @Test
    void aRunOfOneExecutionSaysNothingAboutTheWholeRun() {
        JobExecution run = ended(TestRuns.execution(5L, started), BatchStatus.COMPLETED);
        TestRuns.partition(run, "companies", null, BatchStatus.COMPLETED, 5, 1, 5, 1, 5);

        SyncReport report = SyncReport.of(RunPartitions.of(run), DATA_SETS);

        assertThat(report.resumed()).isFalse();
        assertThat(report.runRecords("companies")).isEqualTo(report.records("companies")).isEqualTo(5);
        assertThat(report.summary()).isEqualTo("Sync run 5 COMPLETED in 60.0 s: companies 5 records in 1 page");
    }

    @Test
    void deletesTheSafetyBoundRefusedAreNamedEachWithItsCompanyDataSetAndCountedInTheSummary() {
        JobExecution run = ended(TestRuns.execution(6L, started), BatchStatus.COMPLETED);
        TestRuns.partition(run, "invoices", "a", BatchStatus.COMPLETED, 250, 3, 250, 3, 250);
        StepExecution refusing = TestRuns.partition(run, "invoices", "b", BatchStatus.COMPLETED, 100, 1, 100, 1, 100);
        PartitionContext.of(refusing).outcome().saveDeletesRefused("deletes refused: 150 of 250 live rows ...: if the source really"
                + " lost them, run 'sync --full --datasets=invoices --companies=b --accept-deletes'");

        SyncReport report = SyncReport.of(RunPartitions.of(run), DATA_SETS);

        assertThat(report.deletesRefused()).containsExactly("invoices of company b: deletes refused: 150 of 250 live rows ...:"
                + " if the source really lost them, run 'sync --full --datasets=invoices --companies=b --accept-deletes'");
        assertThat(report.summary())
                .isEqualTo("Sync run 6 COMPLETED in 60.0 s: invoices 350 records in 4 pages from 2 companies (1 with deletes refused)");
    }

    private static JobExecution ended(JobExecution execution, BatchStatus status) {
        execution.setStatus(status);
        execution.setExitStatus(status == BatchStatus.COMPLETED ? ExitStatus.COMPLETED : ExitStatus.STOPPED);
        execution.setEndTime(execution.getStartTime().plusMinutes(1));
        return execution;
    }
}
