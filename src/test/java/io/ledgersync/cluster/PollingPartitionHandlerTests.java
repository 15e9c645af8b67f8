package io.ledgersync.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.mockito.ArgumentMatchers.anyCollection;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.integration.partition.StepExecutionRequest;
import org.springframework.messaging.Message;

import io.ledgersync.MutableClock;

/**
 * The manager's wait for a data set's partitions in cluster mode: one request each, then only a count of those still
 * running at each poll, and the whole run read once, when none runs (Batch 6.0.4's handler reads it at every poll).
 */
class PollingPartitionHandlerTests {

    private static final Duration POLL = Duration.ofSeconds(1);

    private final MutableClock clock = MutableClock.at("2026-11-27T20:00:00Z");
    private final List<Duration> pauses = new ArrayList<>();
    private final List<Message<?>> sent = new ArrayList<>();
    private final JobRepository jobRepository = mock(JobRepository.class);
    private final RunStatuses statuses = mock(RunStatuses.class);
    private final JobExecution run = new JobExecution(7L, new JobInstance(1L, "sync"), new JobParameters());
    private final StepExecution manager = new StepExecution(10L, "invoices", run);

    private PollingPartitionHandler handler(Duration timeout) {
        return new PollingPartitionHandler("invoices", 4, (message, wait) -> sent.add(message), jobRepository, statuses, POLL, timeout,
                clock, pause -> {
                    pauses.add(pause);
                    clock.advance(pause);
                });
    }

    @Test
    void sendsOneRequestPerPartitionCountsTheRunningOnesAtEachPollAndReadsTheRunOnceWhenNoneRuns() throws Exception {
        Set<StepExecution> partitions = partitions(11L, 12L, 13L);
        StepExecution otherDataSets = new StepExecution(99L, "customers:company-a", run); // side by side: not this step's
        run.addStepExecutions(List.of(otherDataSets));
        when(statuses.running(anyCollection())).thenReturn(3L, 1L, 0L);
        when(jobRepository.getJobExecution(7L)).thenReturn(run);

        Set<StepExecution> ended = handler(Duration.ofHours(24)).doHandle(manager, partitions);

        assertThat(sent).extracting(Message::getPayload).map(StepExecutionRequest.class::cast)
                .extracting(StepExecutionRequest::getStepName, StepExecutionRequest::getStepExecutionId)
                .containsExactlyInAnyOrder(tuple("invoices", 11L), tuple("invoices", 12L), tuple("invoices", 13L));
        verify(statuses, times(3)).running(List.of(11L, 12L, 13L));
        assertThat(pauses).as("a poll interval between counts, none after the last").containsExactly(POLL, POLL);
        verify(jobRepository, times(1)).getJobExecution(7L);
        assertThat(ended).as("its own partitions, as the job repository has them").extracting(StepExecution::getId)
                .containsExactlyInAnyOrder(11L, 12L, 13L);
    }

    @Test
    void partitionsStillRunningAfterTheTimeoutFailTheStepWithoutReadingTheRun() {
        Set<StepExecution> partitions = partitions(11L, 12L);
        when(statuses.running(anyCollection())).thenReturn(1L);

        assertThatThrownBy(() -> handler(Duration.ofSeconds(3)).doHandle(manager, partitions))
                .isInstanceOf(TimeoutException.class)
                .hasMessageStartingWith("1 of 2 partition(s) of invoices still running after PT3S (ledgersync.cluster.timeout)");
        assertThat(pauses).hasSize(3);
        verify(jobRepository, never()).getJobExecution(7L);
    }

    @Test
    void aStepWithNoPartitionsSendsNothingAndWaitsForNothing() throws Exception {
        assertThat(handler(Duration.ofHours(24)).doHandle(manager, Set.of())).isEmpty();

        assertThat(sent).isEmpty();
        verify(statuses, never()).running(anyCollection());
    }

    private Set<StepExecution> partitions(long... ids) {
        Set<StepExecution> partitions = new LinkedHashSet<>();
        for (long id : ids) {
            partitions.add(new StepExecution(id, "invoices:company-" + id, run));
        }
        run.addStepExecutions(List.copyOf(partitions));
        return partitions;
    }
}
