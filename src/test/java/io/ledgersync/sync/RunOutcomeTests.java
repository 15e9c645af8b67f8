package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;

/** A run's ending in the few kinds an operator acts on, whatever free text Batch keeps as its exit code. */
class RunOutcomeTests {

    @Test
    void aCompletedRunWithDeferralsKeepsThatOutcome() {
        assertThat(RunOutcome.of(run(BatchStatus.COMPLETED, RunOutcome.withDeferrals(2)))).isEqualTo(RunOutcome.COMPLETED_WITH_DEFERRALS);
        assertThat(RunOutcome.of(run(BatchStatus.COMPLETED, ExitStatus.COMPLETED))).isEqualTo(RunOutcome.COMPLETED);
    }

    @Test
    void aFailedRunIsFailedWhateverItsExitCodeSays() {
        assertThat(RunOutcome.of(run(BatchStatus.FAILED, new ExitStatus("FAILED: 401 from GET /companies")))).isEqualTo(RunOutcome.FAILED);
        assertThat(RunOutcome.of(run(BatchStatus.ABANDONED, ExitStatus.UNKNOWN))).isEqualTo(RunOutcome.FAILED);
    }

    @Test
    void aRunStoppingOrStoppedIsStopped() {
        assertThat(RunOutcome.of(run(BatchStatus.STOPPED, ExitStatus.STOPPED))).isEqualTo(RunOutcome.STOPPED);
        assertThat(RunOutcome.of(run(BatchStatus.STOPPING, ExitStatus.EXECUTING))).isEqualTo(RunOutcome.STOPPED);
    }

    @Test
    void aRunningRunIsUnfinished() {
        assertThat(RunOutcome.of(run(BatchStatus.STARTED, ExitStatus.EXECUTING))).isEqualTo(RunOutcome.UNFINISHED);
    }

    private static JobExecution run(BatchStatus status, ExitStatus exit) {
        JobExecution execution = new JobExecution(1L, new JobInstance(1L, "sync"), new JobParameters());
        execution.setStatus(status);
        execution.setExitStatus(exit);
        return execution;
    }
}
