package io.ledgersync.sync.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.launch.JobExecutionNotRunningException;
import org.springframework.batch.core.launch.NoSuchJobExecutionException;
import org.springframework.batch.core.launch.support.TaskExecutorJobOperator;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;
import org.springframework.dao.OptimisticLockingFailureException;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.TestJobRepository;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.partition.CompanySelection;
import io.ledgersync.warehouse.lock.InProcessRunLocks;

/**
 * Batch's stop saves the run as STOPPING, then each running step of the copy it read; a step that saved its own
 * execution in between makes Batch's stop fail with an optimistic-locking error. That error once ended the SIGINT
 * handler's thread, and the service never exited (CrashRecoveryIntegrationTests, in CI). A stop request survives it: a
 * run marked STOPPING counts as stopped (each of its steps reads that at its next save), one not marked yet is asked
 * again, and a stop that cannot be asked never escapes: the run is left to the next start.
 */
class SyncLauncherStopTests {

    /** Short: the run's step is held mid-page, so no run ends within it; what is asserted is what the stop asked. */
    private static final Duration GRACE = Duration.ofMillis(100);

    private final JobRepository repository = TestJobRepository.fresh().repository();
    private final ActiveRuns activeRuns = new ActiveRuns(Clock.systemUTC(), JobExecution::getStepExecutions);
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final RunLookup lookup = new RunLookup(repository);
    /** The run's step, held in the middle of its page until the test lets it go: no save of its own races the test's. */
    private final CountDownLatch inPage = new CountDownLatch(1);
    private final CountDownLatch finishPage = new CountDownLatch(1);

    @AfterEach
    void release() throws InterruptedException {
        finishPage.countDown();
        threads.shutdown();
        assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aStepSavingItsExecutionDuringBatchsStopLeavesTheRunStoppingAndTheStopHolds() {
        RacingOperator operator = new RacingOperator(Race.AFTER_MARKING_STOPPING, 1);
        SyncLauncher launcher = launcher(operator);
        RunHandle run = runInItsPage(launcher);

        RunsStopped outcome = launcher.stopAll(GRACE);

        assertThat(operator.stops.get()).as("asked once: the run was marked STOPPING").isEqualTo(1);
        assertThat(outcome.stopped()).as("what the SIGINT line names").containsExactly(run.runId());
        assertThat(lookup.execution(run.runId()).getStatus()).as("marked (Batch 6 records STOPPED at once)")
                .isIn(BatchStatus.STOPPING, BatchStatus.STOPPED);
    }

    @Test
    void aRaceBeforeTheRunIsMarkedStoppingAsksAgainOnFreshCopies() {
        RacingOperator operator = new RacingOperator(Race.BEFORE_MARKING_STOPPING, 1);
        SyncLauncher launcher = launcher(operator);
        RunHandle run = runInItsPage(launcher);

        RunsStopped outcome = launcher.stopAll(GRACE);

        assertThat(operator.stops.get()).as("the raced request, then the one that marked it").isEqualTo(2);
        assertThat(outcome.stopped()).containsExactly(run.runId());
        assertThat(lookup.execution(run.runId()).getStatus()).as("marked (Batch 6 records STOPPED at once)")
                .isIn(BatchStatus.STOPPING, BatchStatus.STOPPED);
    }

    @Test
    void aStopThatCannotBeAskedNeverEscapesAndTheRunIsLeftToTheNextStart() {
        RacingOperator operator = new RacingOperator(Race.BEFORE_MARKING_STOPPING, Integer.MAX_VALUE);
        SyncLauncher launcher = launcher(operator);
        RunHandle run = runInItsPage(launcher);

        RunsStopped outcome = launcher.stopAll(GRACE);

        assertThat(operator.stops.get()).isEqualTo(SyncLauncher.STOP_ATTEMPTS);
        assertThat(outcome.stopped()).isEmpty();
        assertThat(outcome.stillRunning()).as("what the next start recovers and resumes").containsExactly(run.runId());
        assertThat(lookup.execution(run.runId()).getStatus()).isEqualTo(BatchStatus.STARTED);
    }

    private RunHandle runInItsPage(SyncLauncher launcher) {
        RunHandle run = launcher.launch(SyncRequest.everything());
        await().atMost(Duration.ofSeconds(60)).until(() -> inPage.getCount() == 0);
        return run;
    }

    private enum Race { BEFORE_MARKING_STOPPING, AFTER_MARKING_STOPPING }

    /**
     * Batch's operator whose first {@code races} stop requests meet a step that saved its execution in the middle: with
     * {@link Race#AFTER_MARKING_STOPPING} once Batch has saved the run as STOPPING (what happened in CI), with
     * {@link Race#BEFORE_MARKING_STOPPING} before it saved anything.
     */
    private static final class RacingOperator extends TaskExecutorJobOperator {

        private final Race race;
        private final int races;
        final AtomicInteger stops = new AtomicInteger();

        RacingOperator(Race race, int races) {
            this.race = race;
            this.races = races;
        }

        @Override
        public boolean stop(long executionId) throws NoSuchJobExecutionException, JobExecutionNotRunningException {
            if (stops.incrementAndGet() > races) {
                return super.stop(executionId);
            }
            if (race == Race.AFTER_MARKING_STOPPING) {
                super.stop(executionId);
            }
            throw new OptimisticLockingFailureException("Attempt to update step execution id=3 with wrong version (1), where"
                    + " current version is 2");
        }
    }

    /** A launcher over a real job repository and job operator, whose job's one page waits for {@link #finishPage}. */
    private SyncLauncher launcher(TaskExecutorJobOperator operator) {
        Job job = new JobBuilder(SyncRequest.JOB_NAME, repository)
                .listener(new JobExecutionListener() {
                    @Override
                    public void beforeJob(JobExecution execution) {
                        activeRuns.started(execution, List.of()); // as SyncRunListener does: the launch gets its id
                    }
                })
                .start(new StepBuilder("step", repository).tasklet((contribution, context) -> {
                    inPage.countDown();
                    finishPage.await();
                    return RepeatStatus.FINISHED;
                }, new ResourcelessTransactionManager()).build())
                .build();
        RegisteredOperator.of(operator, repository, job);
        BackgroundRuns background = new BackgroundRuns(activeRuns, lookup, threads, List.of("invoices"));
        return new SyncLauncher(operator, job, mock(DataSetCatalog.class), mock(CompanySelection.class),
                new InProcessRunLocks("ledgersync test"), lookup, background, Clock.systemUTC());
    }
}
