package io.ledgersync.sync.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionOperations;

import io.ledgersync.MutableClock;
import io.ledgersync.sync.DeferralPolicy;
import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.TestRuns;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.warehouse.state.SyncState.Status;
import io.ledgersync.warehouse.state.SyncState;
import io.ledgersync.warehouse.state.SyncStates;

/** What a partition's end leaves behind: its exit code, its company data set's state, its event. */
class PartitionOutcomeListenerTests {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T02:10:00Z"));
    private final SyncStates states = mock(SyncStates.class);
    private final List<Object> events = new ArrayList<>();
    private final PartitionOutcomeListener listener = new PartitionOutcomeListener(states,
            mock(io.ledgersync.warehouse.state.RejectedRecords.class), new DeferralPolicy(Duration.ofMinutes(10), Duration.ofHours(6)), clock,
            events::add, new WalkCompletion(states, mock(io.ledgersync.warehouse.Warehouse.class), null, 0.5, events::add));
    private final JobExecution run = TestRuns.execution(9L, Instant.parse("2026-11-22T02:00:00Z"));

    @Test
    void aStoppedPartitionEndsStoppedAndItsDataSetKeepsItsStateNotingTheStop() {
        Instant lastSuccess = Instant.parse("2026-11-21T02:05:00Z");
        Instant due = Instant.parse("2026-11-22T01:00:00Z");
        when(states.find("a", "invoices")).thenReturn(Optional.of(
                new SyncState("a", "invoices", Status.DEFERRED, 2, due, lastSuccess, "409 not ready", "c-1", 8, lastSuccess, 1,
                        due.minusSeconds(3600))));
        StepExecution step = TestRuns.partition(run, "invoices", "a", BatchStatus.STOPPED, 300, 3, 200, 2, 1000);

        ExitStatus exit = listener.afterStep(step);

        assertThat(exit.getExitCode()).isEqualTo("STOPPED");
        ArgumentCaptor<SyncState> saved = ArgumentCaptor.forClass(SyncState.class);
        verify(states).save(saved.capture());
        SyncState state = saved.getValue();
        assertThat(state.state()).as("still deferred, and due").isEqualTo(Status.DEFERRED);
        assertThat(state.attempts()).isEqualTo(2);
        assertThat(state.nextAttemptAt()).isEqualTo(due);
        assertThat(state.lastSuccessAt()).isEqualTo(lastSuccess);
        assertThat(state.lastError()).isEqualTo(
                "Stopped on request after 200 records in 2 page(s) of run 9; a restart of the run resumes it");
        assertThat(state.lastRunId()).isEqualTo(9);
        assertThat(state.consecutiveFailures()).as("a stop neither adds a failure nor ends the streak").isEqualTo(1);
        assertThat(state.failingSince()).isEqualTo(due.minusSeconds(3600));
        assertThat(PartitionContext.of(step).outcome().error()).as("shown with the partition in the run's detail").startsWith("Stopped on request");
        verify(states, never()).reconcile(any(Long.class), any(), any(), any(Long.class), any(Long.class), any(), any(), any(),
                any());
        assertThat(events).singleElement().isEqualTo(new SyncEvent.PartitionFinished(9, "invoices", "a", PartitionOutcome.STOPPED, 200, 2));
    }

    @Test
    void aStoppedPartitionOfADataSetNeverReadBeforeLeavesNoState() {
        when(states.find("b", "invoices")).thenReturn(Optional.empty());
        StepExecution step = TestRuns.partition(run, "invoices", "b", BatchStatus.STOPPED, 100, 1, 100, 1, 1000);

        listener.afterStep(step);

        verify(states, never()).save(any());
        assertThat(((SyncEvent.PartitionFinished) events.get(0)).outcome()).isEqualTo(PartitionOutcome.STOPPED);
    }

    @Test
    void aCompletedPartitionIsStillOkAndReconciled() {
        when(states.find("c", "invoices")).thenReturn(Optional.empty());
        StepExecution step = TestRuns.partition(run, "invoices", "c", BatchStatus.COMPLETED, 1000, 10, 1000, 10, 1000);

        assertThat(listener.afterStep(step).getExitCode()).isEqualTo("COMPLETED");

        ArgumentCaptor<SyncState> saved = ArgumentCaptor.forClass(SyncState.class);
        verify(states).save(saved.capture());
        assertThat(saved.getValue().state()).isEqualTo(Status.OK);
        verify(states).reconcile(9, "c", "invoices", 1000, 1000, clock.instant(), null, null, null);
    }

    @Test
    void aPartitionsBookkeepingIsWrittenInOneTransaction() {
        // given a transaction that records what was written while it was open
        List<String> inTransaction = new ArrayList<>();
        boolean[] open = {false};
        TransactionOperations oneTransaction = new TransactionOperations() {
            @Override
            public <T> T execute(TransactionCallback<T> action) {
                open[0] = true;
                try {
                    return action.doInTransaction(null);
                } finally {
                    open[0] = false;
                }
            }
        };
        SyncStates recorded = mock(SyncStates.class, invocation -> {
            inTransaction.add(invocation.getMethod().getName() + (open[0] ? "" : " outside the transaction"));
            return invocation.getMethod().getReturnType() == Optional.class ? Optional.empty() : null;
        });
        PartitionOutcomeListener inOne = new PartitionOutcomeListener(recorded,
                mock(io.ledgersync.warehouse.state.RejectedRecords.class), new DeferralPolicy(Duration.ofMinutes(10), Duration.ofHours(6)),
                clock, events::add, new WalkCompletion(recorded, mock(io.ledgersync.warehouse.Warehouse.class), null, 0.5, events::add),
                oneTransaction);
        StepExecution step = TestRuns.partition(run, "invoices", "c", BatchStatus.COMPLETED, 1000, 10, 1000, 10, 1000);

        assertThat(inOne.afterStep(step).getExitCode()).isEqualTo("COMPLETED");

        // then its state and its reconciliation were written in it: one commit, never one without the other
        assertThat(inTransaction).containsExactly("save", "reconcile");
    }

    @Test
    void aCompletedPartitionReplacesItsDataSetsStateWithoutReadingIt() {
        // given a company data set that failed twice and was deferred before
        Instant due = Instant.parse("2026-11-22T01:00:00Z");
        when(states.find("h", "invoices")).thenReturn(Optional.of(
                new SyncState("h", "invoices", Status.DEFERRED, 3, due, null, "409 not ready", "c-2", 8, due, 2, due)));
        StepExecution step = TestRuns.partition(run, "invoices", "h", BatchStatus.COMPLETED, 5, 1, 5, 1, 5);

        listener.afterStep(step);

        // then nothing of that state is carried on, so none of it is read (one query fewer per partition: bench/BENCHMARKS.md)
        verify(states, never()).find(any(), any());
        ArgumentCaptor<SyncState> saved = ArgumentCaptor.forClass(SyncState.class);
        verify(states).save(saved.capture());
        assertThat(saved.getValue()).isEqualTo(new SyncState("h", "invoices", Status.OK, 0, null, clock.instant(), null, null, 9,
                clock.instant(), 0, null));
    }

    @Test
    void eachRunThatFailsTheDataSetAddsOneToItsStreakWhichKeepsWhenItsFirstFailureHappened() {
        Instant firstFailure = clock.instant();
        SyncState first = after(null, partition(10, "d", BatchStatus.FAILED));
        clock.advance(Duration.ofDays(1));
        SyncState second = after(first, partition(11, "d", BatchStatus.FAILED));
        clock.advance(Duration.ofDays(1));

        SyncState third = after(second, partition(12, "d", BatchStatus.FAILED));

        assertThat(first).extracting(SyncState::consecutiveFailures, SyncState::failingSince).containsExactly(1, firstFailure);
        assertThat(third.state()).isEqualTo(Status.FAILED);
        assertThat(third).extracting(SyncState::consecutiveFailures, SyncState::failingSince).containsExactly(3, firstFailure);
        assertThat(third.attempts()).isEqualTo(3);
        assertThat(third.lastRunId()).isEqualTo(12);
    }

    @Test
    void aPartitionReadToItsEndEndsTheStreak() {
        SyncState failing = after(after(null, partition(10, "e", BatchStatus.FAILED)), partition(11, "e", BatchStatus.FAILED));

        SyncState read = after(failing, partition(12, "e", BatchStatus.COMPLETED));

        assertThat(read.state()).isEqualTo(Status.OK);
        assertThat(read).extracting(SyncState::consecutiveFailures, SyncState::failingSince).containsExactly(0, null);
        assertThat(after(read, partition(13, "e", BatchStatus.FAILED)).failingSince()).as("a new streak begins at its failure")
                .isEqualTo(clock.instant());
    }

    @Test
    void aDeferralBetweenFailuresNeitherAddsToTheStreakNorEndsIt() {
        Instant firstFailure = clock.instant();
        SyncState failing = after(null, partition(10, "f", BatchStatus.FAILED));
        clock.advance(Duration.ofHours(1));

        SyncState deferred = after(failing, endedEarly(partition(11, "f", BatchStatus.COMPLETED), PartitionOutcome.DEFERRED));
        SyncState failingAgain = after(deferred, partition(12, "f", BatchStatus.FAILED));

        assertThat(deferred.state()).isEqualTo(Status.DEFERRED);
        assertThat(deferred).extracting(SyncState::consecutiveFailures, SyncState::failingSince).containsExactly(1, firstFailure);
        assertThat(failingAgain).extracting(SyncState::consecutiveFailures, SyncState::failingSince).containsExactly(2, firstFailure);
    }

    @Test
    void aDataSetThePlatformDoesNotSupportIsNoLongerFailing() {
        SyncState failing = after(after(null, partition(10, "g", BatchStatus.FAILED)), partition(11, "g", BatchStatus.FAILED));

        SyncState unsupported = after(failing, endedEarly(partition(12, "g", BatchStatus.COMPLETED), PartitionOutcome.UNSUPPORTED));

        assertThat(unsupported.state()).isEqualTo(Status.UNSUPPORTED);
        assertThat(unsupported).extracting(SyncState::consecutiveFailures, SyncState::failingSince).containsExactly(0, null);
    }

    /** The state the listener saves after {@code step}, its company data set's state before being {@code previous}. */
    private SyncState after(SyncState previous, StepExecution step) {
        PartitionContext context = PartitionContext.of(step);
        when(states.find(context.companyId(), context.dataSet())).thenReturn(Optional.ofNullable(previous));
        listener.afterStep(step);
        ArgumentCaptor<SyncState> saved = ArgumentCaptor.forClass(SyncState.class);
        verify(states, atLeastOnce()).save(saved.capture());
        return saved.getValue();
    }

    private StepExecution partition(long runId, String companyId, BatchStatus status) {
        return TestRuns.partition(TestRuns.execution(runId, clock.instant()), "invoices", companyId, status, 0, 0, 0, 0, -1);
    }

    /** As the reader leaves a partition whose first page answered 409 or a 404 "not supported" (PartitionContext's key). */
    private static StepExecution endedEarly(StepExecution step, PartitionOutcome outcome) {
        step.getExecutionContext().putString("outcome", outcome.name());
        return step;
    }
}
