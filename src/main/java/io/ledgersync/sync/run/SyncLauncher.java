package io.ledgersync.sync.run;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobExecutionNotRunningException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.launch.NoSuchJobExecutionException;
import org.springframework.dao.OptimisticLockingFailureException;

import io.ledgersync.sync.RunState;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.history.RunNotFoundException;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.partition.CompanySelection;
import io.ledgersync.warehouse.lock.RunLocks;

/**
 * Starts, stops and restarts sync runs: the one entry point of the command line, the schedule and
 * the REST API for changing what runs ({@link SyncRuns} answers what ran).
 *
 * <p>A run holds the lock of its kind ({@link SyncRequest.Kind#lockName}: an incremental run and a full refresh
 * share one) from start to end; the lock dies with its holder ({@link RunLocks}). Whoever takes it knows that no run
 * of that lock is alive, so any that still looks active in the job repository died with its process and is recovered
 * (marked failed) at once. When the latest run of the same lock and request did not finish ({@link RunState#finished})
 * — it failed, was stopped, or its process was killed — the launch resumes it from each partition's last committed
 * page instead of starting over. A process that shuts down stops its runs at a page boundary ({@link #stopAll}).
 * Thread-safe.
 */
public class SyncLauncher {

    private static final Logger log = LoggerFactory.getLogger(SyncLauncher.class);

    /**
     * How long a launch waits for a run of this process that has ended to release its lock: the run has only its report
     * and the release left (milliseconds); the bound is for a database that stops answering meanwhile.
     */
    static final Duration ENDED_RUN_RELEASE = Duration.ofSeconds(30);

    private final JobOperator jobOperator;
    private final Job syncJob;
    private final DataSetCatalog catalog;
    private final CompanySelection companies;
    private final RunLocks locks;
    private final RunLookup lookup;
    private final BackgroundRuns background;
    private final DeadRuns deadRuns;
    private final Clock clock;
    private final AtomicLong lastLaunch = new AtomicLong();

    public SyncLauncher(JobOperator jobOperator, Job syncJob, DataSetCatalog catalog, CompanySelection companies, RunLocks locks,
            RunLookup lookup, BackgroundRuns background, Clock clock) {
        this.jobOperator = jobOperator;
        this.syncJob = syncJob;
        this.catalog = catalog;
        this.companies = companies;
        this.locks = locks;
        this.lookup = lookup;
        this.background = background;
        this.deadRuns = new DeadRuns(jobOperator, lookup);
        this.clock = clock;
    }

    /**
     * Runs a sync to its end (resuming the unfinished previous run of the same request, if any)
     * and reports what it did.
     *
     * @throws IllegalArgumentException when the request names an unknown data set or company
     * @throws SyncAlreadyRunningException when a run of the same kind is active
     * @throws SyncShutdownException when this process is stopping its runs
     */
    public SyncReport run(SyncRequest request) {
        return BackgroundRuns.await(launch(request).completion());
    }

    /**
     * Starts a sync in the background (resuming the unfinished previous run of the same request, if
     * any) and returns as soon as the run has its id.
     *
     * @throws IllegalArgumentException when the request names an unknown data set or company
     * @throws SyncAlreadyRunningException when a run of the same kind is active
     * @throws SyncShutdownException when this process is stopping its runs
     */
    public RunHandle launch(SyncRequest request) {
        return launch(request, true);
    }

    /**
     * The schedule's launch: like {@link #launch}, but it resumes the unfinished previous run of the same request only
     * when a process left it so (it was stopped, or its process died and it is recovered now). A run that failed on its
     * own is superseded by a new run: a resume re-reads only the failed partitions, so while one company data set fails
     * night after night every other one would get none of its changes; a new run reads every company data set from its
     * watermark, the failing one included. The superseded run is abandoned and purged once older than the retention
     * ({@code RunPurge.superseded}).
     *
     * @throws IllegalArgumentException when the request names an unknown data set or company
     * @throws SyncAlreadyRunningException when a run of the same kind is active
     * @throws SyncShutdownException when this process is stopping its runs
     */
    public RunHandle launchSupersedingFailed(SyncRequest request) {
        return launch(request, false);
    }

    private RunHandle launch(SyncRequest request, boolean resumeFailed) {
        validate(request);
        RunLocks.Held lock = acquire(request.kind());
        try {
            List<Long> recovered = deadRuns.recover(request.kind());
            JobExecution unfinished = lookup.unfinished(request)
                    .filter(last -> resumeFailed || leftUnfinished(last, recovered))
                    .orElse(null);
            if (unfinished != null) {
                return stoppedIfLost(lock, background.begin(lock, request.kind().lockName(), RunLookup.launchedAt(unfinished),
                        key -> resume(unfinished), true));
            }
            return stoppedIfLost(lock, background.begin(lock, request.kind().lockName(), uniqueLaunchTime(),
                    key -> jobOperator.start(syncJob, request.toJobParameters(key)), false));
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Resumes a run that failed or was stopped, from each partition's last committed page.
     *
     * @throws RunNotFoundException when there is no such run
     * @throws RunStateException when it completed, is running, cannot be resumed, or a later run of it exists
     */
    public RunHandle restart(long runId) {
        JobExecution execution = lookup.execution(runId);
        if (execution.getStatus() == BatchStatus.UNKNOWN) {
            throw new RunStateException("Sync run " + runId + " ended in an UNKNOWN state, which Spring Batch does not resume:"
                    + " launch its request again to read it anew");
        }
        if (RunState.finished(execution.getStatus())) {
            throw new RunStateException("Sync run " + runId + " is " + execution.getStatus() + ": there is nothing to restart");
        }
        JobExecution latest = lookup.latest(execution);
        if (latest != null && latest.getId() != runId) {
            throw new RunStateException("Sync run " + runId + " was already resumed as run " + latest.getId() + ": restart that one");
        }
        SyncRequest request = SyncRequest.from(execution.getJobParameters());
        RunLocks.Held lock = acquire(request.kind());
        try {
            deadRuns.recover(request.kind());
            // re-read under the lock: it was recovered if its process died
            JobExecution current = lookup.execution(runId);
            return stoppedIfLost(lock, background.begin(lock, request.kind().lockName(), RunLookup.launchedAt(current),
                    key -> resume(current), true));
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Resumes the latest run of this kind's lock ({@link SyncRequest.Kind#lockName}) if a process left it unfinished: it
     * was stopped (by a shutdown, or through the API), or its process died (then it is recovered first). A run that
     * failed on its own is not: the next {@link #launch} of its request resumes it, the schedule's starts a new run
     * ({@link #launchSupersedingFailed}). Nothing happens when another process holds the lock (its run is not left
     * unfinished) or the latest run finished.
     *
     * @throws SyncShutdownException when this process is stopping its runs
     */
    public Optional<RunHandle> resumeLeftUnfinished(SyncRequest.Kind kind) {
        RunLocks.Held lock = locks.tryAcquire(kind.lockName()).orElse(null);
        if (lock == null) {
            return Optional.empty();
        }
        try {
            List<Long> recovered = deadRuns.recover(kind);
            JobExecution left = lookup.latestOfLock(kind.lockName()).filter(latest -> leftUnfinished(latest, recovered))
                    .orElse(null);
            if (left == null) {
                lock.close();
                return Optional.empty();
            }
            return Optional.of(stoppedIfLost(lock, background.begin(lock, kind.lockName(), RunLookup.launchedAt(left),
                    key -> resume(left), true)));
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Asks a running run to stop at its next page boundary; what it committed stays, and a later
     * restart resumes it.
     *
     * @throws RunNotFoundException when there is no such run
     * @throws RunStateException when it is not running
     */
    public void stop(long runId) {
        JobExecution execution = lookup.execution(runId);
        try {
            requestStop(runId);
        } catch (NoSuchJobExecutionException e) {
            throw new RunNotFoundException(runId);
        } catch (JobExecutionNotRunningException e) {
            // Batch's message is a dump of the execution: the caller needs only its status
            throw new RunStateException("Sync run " + runId + " is not running (it " + execution.getStatus() + ")");
        }
    }

    /**
     * Stops every run executing in this process at its next page boundary, keeping what it
     * committed, and waits until they ended, at most {@code grace} after the first call. From the
     * first call on, no run starts here ({@link SyncShutdownException}). A run that has not ended when
     * the grace runs out is left to the next start, which recovers and resumes it.
     */
    public RunsStopped stopAll(Duration grace) {
        RunsStopped outcome = background.stopAll(grace, runId -> {
            log.info("Stopping sync run {} at its next page boundary: this process is shutting down", runId);
            return stopAtNextPage(runId);
        });
        if (!outcome.allEnded()) {
            log.warn("Sync run(s) {} did not stop within {}: the next start recovers and resumes them", outcome.stillRunning(),
                    grace);
        }
        return outcome;
    }

    /**
     * A run whose lock is lost (its PostgreSQL session ended and another instance took the lock) stops at its next page
     * boundary, keeping what it committed: the other instance may now start or resume a run of this kind, and two at once
     * would write the same company data sets. The next sync resumes it.
     */
    private RunHandle stoppedIfLost(RunLocks.Held lock, RunHandle run) {
        lock.whenLost(why -> {
            log.error("Sync run {} lost its run lock: {}; stopping it at its next page boundary, keeping what it committed"
                    + " (the next sync resumes it)", run.runId(), why);
            stopAtNextPage(run.runId());
        });
        return run;
    }

    private boolean stopAtNextPage(long runId) {
        try {
            return requestStop(runId);
        } catch (JobExecutionNotRunningException | NoSuchJobExecutionException e) {
            // it ended between our look and the stop (or a stop request got there first): nothing to stop
            log.info("Sync run {} needs no stop: {}", runId, e.getMessage());
            return false;
        } catch (OptimisticLockingFailureException raced) {
            // not marked STOPPING after every attempt: the shutdown goes on (a stop must never keep a process alive), and
            // a run that outlasts the grace is left to the next start, which recovers and resumes it
            log.warn("Sync run {} could not be asked to stop: {}", runId, raced.getMessage());
            return false;
        }
    }

    /** How many times a stop is asked again when the run saved its own execution in the middle of Batch's stop. */
    static final int STOP_ATTEMPTS = 3;

    /**
     * Batch's stop, through a race it does not handle. Its stop saves the run as STOPPING, then each running step of the
     * copy it read; a step that saved its own execution in between (a data set's step that just ended) makes that save
     * fail with an optimistic-locking error. Escaping, that error ended the SIGINT handler's thread before it could let
     * the process exit (a CI run of CrashRecoveryIntegrationTests hung so). The run is STOPPING all the same, which each of
     * its steps reads at its next update, so the stop holds; a run not marked STOPPING yet is asked again, on fresh copies.
     */
    private boolean requestStop(long runId) throws JobExecutionNotRunningException, NoSuchJobExecutionException {
        for (int attempt = 1; ; attempt++) {
            try {
                return jobOperator.stop(runId);
            } catch (OptimisticLockingFailureException raced) {
                BatchStatus status = lookup.execution(runId).getStatus();
                if (status == BatchStatus.STOPPING || status == BatchStatus.STOPPED) { // marked; or stopped by now
                    log.info("Sync run {} is stopping; one of its steps saved its execution during the stop request", runId);
                    return true;
                }
                if (attempt == STOP_ATTEMPTS) {
                    throw raced;
                }
            }
        }
    }

    /**
     * Unknown names are the caller's mistake: refuse them before anything runs. Named companies must be in the
     * warehouse already, also when the run reads {@code companies} too: it selects among the companies synced, and a
     * mistyped id would otherwise start a run that fails.
     */
    private void validate(SyncRequest request) {
        catalog.check(request);
        if (!request.companies().isEmpty()) {
            companies.select(request);
        }
    }

    /**
     * Takes the kind's lock; when a run of this process holds it whose end Batch has recorded, waits (at most
     * {@link #ENDED_RUN_RELEASE}) for that run to release it rather than refusing a launch made right after it ended.
     */
    private RunLocks.Held acquire(SyncRequest.Kind kind) {
        String lockName = kind.lockName();
        Optional<RunLocks.Held> lock = locks.tryAcquire(lockName);
        if (lock.isEmpty() && background.awaitEndedRun(lockName, ENDED_RUN_RELEASE)) {
            lock = locks.tryAcquire(lockName);
        }
        return lock
                .orElseThrow(() -> new SyncAlreadyRunningException("Another " + kind.lockPhrase() + " sync run is already active: held by "
                        + locks.holder(lockName).orElse("another process") + "; wait for it to end"));
    }

    /** Whether a process left this run unfinished: it was stopped, or it died with its process and was just recovered. */
    private static boolean leftUnfinished(JobExecution run, List<Long> recovered) {
        return run.getStatus() == BatchStatus.STOPPED || recovered.contains(run.getId());
    }

    private JobExecution resume(JobExecution unfinished) throws Exception {
        log.info("Resuming sync run {} ({}) from its last committed pages", unfinished.getId(), unfinished.getStatus());
        return jobOperator.restart(unfinished);
    }

    /** The launch time identifies the job instance, so two launches in one millisecond must differ. */
    private long uniqueLaunchTime() {
        return lastLaunch.updateAndGet(last -> Math.max(last + 1, clock.millis()));
    }
}
