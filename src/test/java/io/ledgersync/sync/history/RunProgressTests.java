package io.ledgersync.sync.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;
import io.ledgersync.sync.TestRuns;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.StoredPartitions;

class RunProgressTests {

    private final Instant started = Instant.parse("2026-03-10T02:00:00Z");
    private final JobExecution run = new JobExecution(7L, new JobInstance(1L, "sync"), new JobParameters());

    @Test
    void estimatesTheTimeLeftFromTheRateAndTheTotalsAnnouncedSoFar() {
        run.setStartTime(LocalDateTime.ofInstant(started, ZoneId.systemDefault()));
        partition("invoices:company-a", BatchStatus.COMPLETED, 1000, 1000, 10);
        partition("invoices:company-b", BatchStatus.STARTED, 500, 1000, 5);
        partition("invoices:company-c", BatchStatus.STARTING, 0, -1, 0); // not started: its total is not known yet

        RunProgress progress = RunProgress.of(RunPartitions.of(run), started.plusSeconds(15));

        assertThat(progress.records()).isEqualTo(1500);
        assertThat(progress.pages()).isEqualTo(15);
        assertThat(progress.partitions()).isEqualTo(3);
        assertThat(progress.partitionsDone()).isEqualTo(1);
        assertThat(progress.expectedRecords()).as("the unknown partition counted as the average of the known").isEqualTo(3000);
        assertThat(progress.recordsPerSecond()).isEqualTo(100.0);
        assertThat(progress.remaining()).isEqualTo(Duration.ofSeconds(15));
        assertThat(progress.describe()).contains("1,500 of ~3,000 records").contains("1/3 partitions").contains("~15 s left");
    }

    @Test
    void beforeAnyPageTheTimeLeftIsUnknown() {
        run.setStartTime(LocalDateTime.ofInstant(started, ZoneId.systemDefault()));
        partition("invoices:company-a", BatchStatus.STARTING, 0, -1, 0);

        RunProgress progress = RunProgress.of(RunPartitions.of(run), started.plusSeconds(1));

        assertThat(progress.remaining()).isNull();
        assertThat(progress.describe()).contains("unknown time left");
    }

    @Test
    void aResumedRunEstimatesFromThisExecutionsRateAndTheWholeRunsTotals() {
        // the first execution completed company a, then was stopped in company b after 400 records
        JobExecution first = TestRuns.execution(6L, started.minusSeconds(3600));
        TestRuns.partition(first, "invoices", "a", BatchStatus.COMPLETED, 1000, 10, 1000, 10, 1000);
        TestRuns.partition(first, "invoices", "b", BatchStatus.STOPPED, 400, 4, 400, 4, 1000);
        // this execution resumed b (300 records in 10 s) and has not reached c, which the first never started
        JobExecution resumed = TestRuns.execution(7L, started);
        TestRuns.partition(resumed, "invoices", "b", BatchStatus.STARTED, 700, 7, 300, 3, 1000);
        TestRuns.partition(resumed, "invoices", "c", BatchStatus.STARTING, 0, 0, 0, 0, -1);

        RunProgress progress = RunProgress.of(RunPartitions.of(resumed, java.util.List.of(first)), started.plusSeconds(10));

        assertThat(progress.records()).as("this execution").isEqualTo(300);
        assertThat(progress.pages()).isEqualTo(3);
        assertThat(progress.runRecords()).as("the whole run").isEqualTo(1700);
        assertThat(progress.runPages()).isEqualTo(17);
        assertThat(progress.partitions()).isEqualTo(3);
        assertThat(progress.partitionsDone()).as("a, completed by the first execution").isEqualTo(1);
        assertThat(progress.expectedRecords()).isEqualTo(3000);
        assertThat(progress.recordsPerSecond()).as("not 1700 records in 10 s").isEqualTo(30.0);
        assertThat(progress.elapsed()).isEqualTo(Duration.ofSeconds(10));
        assertThat(progress.remaining()).as("1300 records left at 30/s").isEqualTo(Duration.ofSeconds(44));
        assertThat(progress.describe()).contains("1,700 of ~3,000 records (300 of them in this execution)").contains("17 pages")
                .contains("1/3 partitions").contains("30 records/s").contains("~44 s left");
    }

    private void partition(String name, BatchStatus status, long records, long total, long pages) {
        StepExecution step = new StepExecution(name, run);
        step.setStatus(status);
        step.setExecutionContext(StoredPartitions.beforeWalks("invoices", name.substring(name.indexOf('-') + 1)));
        PartitionContext context = PartitionContext.of(step);
        context.counts().save(records, pages, records, pages);
        if (total >= 0) {
            context.position().saveTotalResults(total);
        }
        run.addStepExecution(step);
    }
}
