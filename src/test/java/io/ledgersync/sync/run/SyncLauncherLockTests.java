package io.ledgersync.sync.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.launch.support.TaskExecutorJobOperator;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.TestJobRepository;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.partition.CompanySelection;
import io.ledgersync.warehouse.lock.InProcessRunLocks;
import io.ledgersync.warehouse.lock.RunLocks;

/**
 * A run's lock is released a moment after Spring Batch records the run's end (its report is read in between): a launch
 * in that moment waits for the release instead of being skipped as if another run were active (issue 27, the soak),
 * while a launch during a run that is still running is refused at once, as before.
 */
class SyncLauncherLockTests {

    private final JobRepository repository = TestJobRepository.fresh().repository();
    private final ActiveRuns activeRuns = new ActiveRuns(Clock.systemUTC(), JobExecution::getStepExecutions);
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final RunLookup lookup = new RunLookup(repository);
    /** Holds the first run's lock release back until the test lets it go: the gap between "ended" and "released". */
    private final CountDownLatch releaseFirstLock = new CountDownLatch(1);
    private final AtomicBoolean firstReleaseWaiting = new AtomicBoolean();
    private final AtomicInteger acquisitions = new AtomicInteger();
    /** Holds the first run's step until the test lets it go. */
    private final CountDownLatch finishFirstRun = new CountDownLatch(1);
    private final AtomicInteger runs = new AtomicInteger();

    @AfterEach
    void release() throws InterruptedException {
        releaseFirstLock.countDown();
        finishFirstRun.countDown();
        threads.shutdown();
        assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aLaunchRightAfterARunOfThisProcessEndedWaitsForItsLockInsteadOfBeingSkipped() throws Exception {
        finishFirstRun.countDown();
        SyncLauncher launcher = launcher();

        // given a run that ended, as the job repository records, and has not released its lock yet
        RunHandle first = launcher.launch(SyncRequest.everything());
        await().atMost(Duration.ofSeconds(60)).until(() -> firstReleaseWaiting.get()
                && lookup.ended(lookup.execution(first.runId())));
        assertThat(lookup.execution(first.runId()).getStatus()).isEqualTo(BatchStatus.COMPLETED);

        // when the schedule launches the next run in that moment
        CompletableFuture<RunHandle> next = CompletableFuture.supplyAsync(() -> launcher.launch(SyncRequest.everything()), threads);
        // it has found the lock held (or failed already); only then is the lock released
        await().atMost(Duration.ofSeconds(60)).until(() -> acquisitions.get() >= 2 || next.isDone());
        releaseFirstLock.countDown();

        // then it waited for the release and started, rather than being skipped "held by ... (this process)"
        RunHandle second = next.get(60, TimeUnit.SECONDS);
        assertThat(second.runId()).isNotEqualTo(first.runId());
        assertThat(BackgroundRuns.await(second.completion()).status()).isEqualTo(BatchStatus.COMPLETED);
    }

    @Test
    void aLaunchWhileARunOfThisProcessIsStillRunningIsRefusedAtOnce() {
        SyncLauncher launcher = launcher();
        RunHandle first = launcher.launch(SyncRequest.everything());

        assertThatThrownBy(() -> launcher.launch(SyncRequest.everything().withFullRefresh()))
                .isInstanceOf(SyncAlreadyRunningException.class).hasMessageContaining("this process");
        assertThat(lookup.ended(lookup.execution(first.runId()))).as("refused without waiting for the run").isFalse();

        finishFirstRun.countDown();
        releaseFirstLock.countDown();
        assertThat(BackgroundRuns.await(first.completion()).status()).isEqualTo(BatchStatus.COMPLETED);
    }

    /** A launcher over a real job repository and job operator, whose job's first run waits for {@link #finishFirstRun}. */
    private SyncLauncher launcher() {
        Job job = new JobBuilder(SyncRequest.JOB_NAME, repository)
                .listener(new JobExecutionListener() {
                    @Override
                    public void beforeJob(JobExecution execution) {
                        activeRuns.started(execution, List.of()); // as SyncRunListener does: the launch gets its id
                    }
                })
                .start(new StepBuilder("step", repository).tasklet((contribution, context) -> {
                    if (runs.incrementAndGet() == 1) {
                        finishFirstRun.await();
                    }
                    return RepeatStatus.FINISHED;
                }, new ResourcelessTransactionManager()).build())
                .build();
        TaskExecutorJobOperator operator = RegisteredOperator.of(new TaskExecutorJobOperator(), repository, job);
        BackgroundRuns background = new BackgroundRuns(activeRuns, lookup, threads, List.of("invoices"));
        return new SyncLauncher(operator, job, mock(DataSetCatalog.class), mock(CompanySelection.class), slowFirstRelease(),
                lookup, background, Clock.systemUTC());
    }

    /** Locks of this process whose first lock, once closed, is released only when the test lets it go. */
    private RunLocks slowFirstRelease() {
        InProcessRunLocks locks = new InProcessRunLocks("ledgersync test");
        AtomicBoolean first = new AtomicBoolean(true);
        return new RunLocks() {
            @Override
            public Optional<Held> tryAcquire(String name) {
                acquisitions.incrementAndGet();
                Optional<Held> held = locks.tryAcquire(name);
                if (held.isEmpty() || !first.compareAndSet(true, false)) {
                    return held;
                }
                return Optional.of(() -> {
                    firstReleaseWaiting.set(true);
                    try {
                        releaseFirstLock.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    held.get().close();
                });
            }

            @Override
            public Optional<String> holder(String name) {
                return locks.holder(name);
            }
        };
    }
}
