package io.ledgersync.sync.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.repository.JobRepository;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.warehouse.lock.RunLocks;

/** How a process stops the runs it has in flight: each asked once, waited for within one grace, none begun after. */
class BackgroundRunsTests {

    private final ActiveRuns activeRuns = new ActiveRuns(Clock.systemUTC(), JobExecution::getStepExecutions);
    private final ExecutorService threads = Executors.newCachedThreadPool();
    // a job repository that knows no earlier execution: every run here is a first one
    private final BackgroundRuns background = new BackgroundRuns(activeRuns, new RunLookup(mock(JobRepository.class)), threads,
            List.of("invoices"));
    private final AtomicInteger lockCloses = new AtomicInteger();
    private final RunLocks.Held lock = lockCloses::incrementAndGet;
    private final CountDownLatch stopped = new CountDownLatch(1);

    @AfterEach
    void release() throws InterruptedException {
        stopped.countDown();
        threads.shutdown();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void stopAllAsksEachRunInFlightToStopAndWaitsUntilItEndedAndReleasedItsLock() {
        RunHandle run = background.begin(lock, "full", 1, runUntilStopped(7), false);

        RunsStopped outcome = background.stopAll(Duration.ofSeconds(10), runId -> {
            stopped.countDown();
            return true;
        });

        assertThat(outcome.stopped()).containsExactly(7L);
        assertThat(outcome.allEnded()).isTrue();
        assertThat(run.completion()).isCompleted();
        assertThat(run.completion().join().status()).isEqualTo(BatchStatus.STOPPED);
        assertThat(lockCloses).hasValue(1);
    }

    @Test
    void aRunThatOutlastsTheGraceIsReportedAndTheGraceCountsFromTheFirstCall() throws Exception {
        background.begin(lock, "full", 1, runUntilStopped(7), false);

        RunsStopped outcome = background.stopAll(Duration.ofMillis(200), runId -> true); // the run ignores it

        assertThat(outcome.stopped()).containsExactly(7L);
        assertThat(outcome.stillRunning()).containsExactly(7L);
        assertThat(lockCloses).as("held until the run ends").hasValue(0);

        // a shutdown hook after the signal handler offers a minute more; the grace is spent, so it must not wait at all
        FutureTask<RunsStopped> again = new FutureTask<>(() -> background.stopAll(Duration.ofMinutes(1), runId -> true));
        Thread hook = new Thread(again, "shutdown-hook");
        hook.start();
        // once it has returned, or else sits waiting for the run, the run ends: a call that waited would see it end
        await().until(() -> again.isDone() || hook.getState() == Thread.State.TIMED_WAITING);
        stopped.countDown();

        assertThat(again.get().stillRunning()).as("returned while the run still ran, without waiting for it").containsExactly(7L);
    }

    @Test
    void aRunThatEndedBeforeItsStopIsNotCountedAsStopped() {
        background.begin(lock, "full", 1, runUntilStopped(7), false);

        RunsStopped outcome = background.stopAll(Duration.ofSeconds(10), runId -> {
            stopped.countDown();
            return false; // "not running": it completed in between
        });

        assertThat(outcome.stopped()).isEmpty();
        assertThat(outcome.allEnded()).isTrue();
    }

    @Test
    void noRunBeginsOnceTheProcessIsStoppingAndTheCallerKeepsItsLock() {
        background.stopAll(Duration.ZERO, runId -> true);

        assertThatThrownBy(() -> background.begin(lock, "full", 1, runUntilStopped(7), false))
                .isInstanceOf(SyncShutdownException.class).hasMessageContaining("shutting down");
        assertThat(lockCloses).as("the launcher closes it").hasValue(0);
    }

    /** A run that gets its id at once, then works until it is asked to stop, and ends STOPPED. */
    private BackgroundRuns.Execution runUntilStopped(long runId) {
        return launchedAt -> {
            JobExecution execution = new JobExecution(runId, new JobInstance(runId, SyncRequest.JOB_NAME),
                    SyncRequest.everything().toJobParameters(launchedAt));
            execution.setStatus(BatchStatus.STARTED);
            activeRuns.started(execution, List.of());
            stopped.await();
            execution.setStatus(BatchStatus.STOPPED);
            return execution;
        };
    }
}
