package io.ledgersync.sync.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;

/** A data set step whose partitions failed in part completes, saying how many, so that the run goes on past it. */
class FailedPartitionsTests {

    private final JobExecution run = new JobExecution(7L, new JobInstance(1L, "sync"), new JobParameters());
    private final FailedPartitions aggregator = new FailedPartitions();

    @Test
    void aStepWithFailedPartitionsCompletesAndCountsThemInItsExitStatus() {
        StepExecution step = step("invoices", BatchStatus.COMPLETED); // as PartitionStep upgrades it before it aggregates

        aggregator.aggregate(step, List.of(step("invoices:a", BatchStatus.COMPLETED), step("invoices:b", BatchStatus.FAILED)));

        assertThat(step.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertThat(step.getExitStatus().getExitCode()).isEqualTo(FailedPartitions.EXIT_CODE);
        assertThat(step.getExitStatus().getExitDescription()).startsWith("1 of 2 partition(s) failed");
        assertThat(FailedPartitions.anyIn(run)).as("the end of the run sees them").isTrue();
    }

    @Test
    void aStoppedPartitionLeavesTheStepAsBatchAggregatesItSoThatTheRunStops() {
        StepExecution step = step("invoices", BatchStatus.COMPLETED); // as PartitionStep upgrades it before it aggregates

        aggregator.aggregate(step, List.of(step("invoices:a", BatchStatus.STOPPED), step("invoices:b", BatchStatus.FAILED)));

        assertThat(step.getStatus()).isEqualTo(BatchStatus.FAILED);
        assertThat(FailedPartitions.anyIn(run)).isFalse();
    }

    @Test
    void aStepWhosePartitionsAllCompletedIsLeftAlone() {
        StepExecution step = step("invoices", BatchStatus.COMPLETED); // as PartitionStep upgrades it before it aggregates

        aggregator.aggregate(step, List.of(step("invoices:a", BatchStatus.COMPLETED)));

        assertThat(step.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertThat(step.getExitStatus().getExitCode()).isEqualTo(ExitStatus.COMPLETED.getExitCode());
    }

    private StepExecution step(String name, BatchStatus status) {
        StepExecution step = new StepExecution(name, run);
        step.setStatus(status);
        step.setExitStatus(status == BatchStatus.FAILED ? ExitStatus.FAILED
                : status == BatchStatus.STOPPED ? ExitStatus.STOPPED : ExitStatus.COMPLETED);
        run.addStepExecutions(List.of(step));
        return step;
    }
}
