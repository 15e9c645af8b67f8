package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.configuration.support.MapJobRegistry;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobRestartException;
import org.springframework.batch.core.launch.support.TaskExecutorJobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;

/** The one reading of a run's or a partition's Batch status, and which runs are finished. */
class RunStateTests {

    @Test
    void unknownCountsAsFinishedBecauseSpringBatchRefusesToRestartARunLeftUnknown() throws Exception {
        // given a run that Batch left UNKNOWN
        JobRepository repository = TestJobRepository.fresh().repository();
        Job job = new JobBuilder("sync", repository).start(new StepBuilder("step", repository)
                .tasklet((contribution, context) -> RepeatStatus.FINISHED, new ResourcelessTransactionManager()).build())
                .build();
        MapJobRegistry registry = new MapJobRegistry();
        registry.register(job);
        TaskExecutorJobOperator operator = new TaskExecutorJobOperator();
        operator.setJobRepository(repository);
        operator.setJobRegistry(registry);
        operator.afterPropertiesSet();
        JobExecution run = operator.start(job, new JobParametersBuilder().addLong("launched.at", 1L).toJobParameters());
        run.setStatus(BatchStatus.UNKNOWN);
        repository.update(run);

        // then no resume can pick it up, so it is finished, as a completed or an abandoned run is
        assertThatThrownBy(() -> operator.restart(run)).isInstanceOf(JobRestartException.class)
                .cause().hasMessageStartingWith("Cannot restart job from UNKNOWN status");
        assertThat(Arrays.stream(BatchStatus.values()).filter(RunState::finished))
                .containsExactlyInAnyOrder(BatchStatus.COMPLETED, BatchStatus.ABANDONED, BatchStatus.UNKNOWN);
        assertThat(RunState.finishedStatuses()).containsExactlyInAnyOrder("COMPLETED", "ABANDONED", "UNKNOWN");
    }

    @Test
    void aFailedOrStoppedRunIsNotFinishedForItsResumeContinuesIt() {
        assertThat(RunState.finished(BatchStatus.FAILED)).isFalse();
        assertThat(RunState.finished(BatchStatus.STOPPED)).isFalse();
        assertThat(RunState.finished(BatchStatus.STARTED)).as("left so by a process that died: recovered, then resumed").isFalse();
    }

    @Test
    void stoppingIsAlreadyStoppedThoughBatchCountsItAsRunningAndAbandonedOrUnknownIsFailed() {
        assertThat(RunState.of(BatchStatus.STOPPING)).isEqualTo(RunState.STOPPED);
        assertThat(RunState.of(BatchStatus.STOPPED)).isEqualTo(RunState.STOPPED);
        assertThat(RunState.of(BatchStatus.ABANDONED)).isEqualTo(RunState.FAILED);
        assertThat(RunState.of(BatchStatus.UNKNOWN)).isEqualTo(RunState.FAILED);
        assertThat(RunState.of(BatchStatus.STARTING)).isEqualTo(RunState.UNFINISHED);
        assertThat(RunState.of(BatchStatus.COMPLETED)).isEqualTo(RunState.COMPLETED);
    }

    @Test
    void aRunAndAPartitionThatEndedInTheSameStatusHaveTheSameOutcome() {
        JobExecution run = TestRuns.execution(1L, Instant.parse("2026-11-22T02:00:00Z"));
        for (BatchStatus status : List.of(BatchStatus.COMPLETED, BatchStatus.STOPPING, BatchStatus.STOPPED, BatchStatus.FAILED,
                BatchStatus.ABANDONED, BatchStatus.UNKNOWN)) {
            run.setStatus(status);
            StepExecution partition = TestRuns.partition(run, "invoices", "a", status, 0, 0, 0, 0, -1);

            assertThat(PartitionOutcome.of(partition).name()).as(status.name()).isEqualTo(RunOutcome.of(run).name())
                    .isEqualTo(RunState.of(status).name());
        }
    }
}
