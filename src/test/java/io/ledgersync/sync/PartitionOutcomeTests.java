package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;

/** A partition's outcome from its step as the job repository keeps it. */
class PartitionOutcomeTests {

    private final JobExecution run = TestRuns.execution(1L, Instant.parse("2026-11-22T02:00:00Z"));

    @Test
    void aStoppedOrStoppingPartitionIsStoppedThoughBatchRanksItBelowFailed() {
        assertThat(PartitionOutcome.of(step(BatchStatus.STOPPED, ExitStatus.STOPPED))).isEqualTo(PartitionOutcome.STOPPED);
        assertThat(PartitionOutcome.of(step(BatchStatus.STOPPING, ExitStatus.EXECUTING))).isEqualTo(PartitionOutcome.STOPPED);
    }

    @Test
    void failedDeferredUnsupportedAndCompletedAsBefore() {
        assertThat(PartitionOutcome.of(step(BatchStatus.FAILED, ExitStatus.FAILED))).isEqualTo(PartitionOutcome.FAILED);
        assertThat(PartitionOutcome.of(step(BatchStatus.COMPLETED, new ExitStatus("DEFERRED")))).isEqualTo(PartitionOutcome.DEFERRED);
        assertThat(PartitionOutcome.of(step(BatchStatus.COMPLETED, new ExitStatus("UNSUPPORTED")))).isEqualTo(PartitionOutcome.UNSUPPORTED);
        assertThat(PartitionOutcome.of(step(BatchStatus.COMPLETED, ExitStatus.COMPLETED))).isEqualTo(PartitionOutcome.COMPLETED);
    }

    private StepExecution step(BatchStatus status, ExitStatus exit) {
        StepExecution step = new StepExecution("invoices:company-a", run);
        step.setStatus(status);
        step.setExitStatus(exit);
        return step;
    }
}
