package io.ledgersync.sync;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.InvalidJobParametersException;
import org.springframework.batch.core.launch.JobExecutionNotRunningException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.launch.NoSuchJobExecutionException;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.dao.EmptyResultDataAccessException;

import io.ledgersync.warehouse.RunHistory;
import io.ledgersync.warehouse.RunLocks;
import io.ledgersync.warehouse.SyncStates;
import io.ledgersync.warehouse.Warehouse;

/**
 * Starts, stops, restarts and describes sync runs: the one entry point of the command line, the
 * schedule and the REST API.
 *
 * <p>A run holds the database lock of its kind (full or deferred) from start to end. When the
 * latest run of the same kind and request did not finish — it failed, was stopped, or its process
 * was killed — the next launch resumes it from each partition's last committed page instead of
 * starting over.
 */
public class SyncLauncher {

    private static final Logger log = LoggerFactory.getLogger(SyncLauncher.class);

    private final JobOperator jobOperator;
    private final JobRepository jobRepository;
    private final Job syncJob;
    private final DataSetCatalog catalog;
    private final RunLocks locks;
    private final Warehouse warehouse;
    private final SyncStates states;
    private final RunHistory history;
    private final ActiveRuns activeRuns;
    private final Executor runs;
    private final SyncProperties properties;
    private final Clock clock;
    private final String owner = owner();
    private final AtomicLong lastLaunch = new AtomicLong();

    SyncLauncher(JobOperator jobOperator, JobRepository jobRepository, Job syncJob, DataSetCatalog catalog, RunLocks locks,
            Warehouse warehouse, SyncStates states, RunHistory history, ActiveRuns activeRuns, Executor runs,
            SyncProperties properties, Clock clock) {
        this.jobOperator = jobOperator;
        this.jobRepository = jobRepository;
        this.syncJob = syncJob;
        this.catalog = catalog;
        this.locks = locks;
        this.warehouse = warehouse;
        this.states = states;
        this.history = history;
        this.activeRuns = activeRuns;
        this.runs = runs;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * Runs a sync to its end (resuming the unfinished previous run of the same request, if any)
     * and reports what it did.
     *
     * @throws IllegalArgumentException when the request names an unknown data set or company
     * @throws SyncAlreadyRunningException when a run of the same kind is active
     */
    public SyncReport run(SyncRequest request) {
        return await(launch(request).completion());
    }

    /**
     * Starts a sync in the background (resuming the unfinished previous run of the same request, if
     * any) and returns as soon as the run has its id.
     *
     * @throws IllegalArgumentException when the request names an unknown data set or company
     * @throws SyncAlreadyRunningException when a run of the same kind is active
     */
    public RunHandle launch(SyncRequest request) {
        validate(request);
        RunLocks.Lease lease = acquire(request.mode());
        try {
            JobExecution unfinished = unfinishedRun(request);
            if (unfinished != null) {
                return begin(lease, launchedAt(unfinished), key -> resume(unfinished), true);
            }
            return begin(lease, uniqueLaunchTime(), key -> jobOperator.start(syncJob, request.toJobParameters(key)), false);
        } catch (RuntimeException e) {
            lease.close();
            throw e;
        }
    }

    /**
     * Resumes a run that failed or was stopped, from each partition's last committed page.
     *
     * @throws RunNotFoundException when there is no such run
     * @throws RunStateException when it completed, is running, or a later run of it exists
     */
    public RunHandle restart(long runId) {
        JobExecution execution = execution(runId);
        if (execution.getStatus() == BatchStatus.COMPLETED || execution.getStatus() == BatchStatus.ABANDONED) {
            throw new RunStateException("Sync run " + runId + " is " + execution.getStatus() + ": there is nothing to restart");
        }
        JobExecution latest = jobRepository.getLastJobExecution(execution.getJobInstance());
        if (latest != null && latest.getId() != runId) {
            throw new RunStateException("Sync run " + runId + " was already resumed as run " + latest.getId() + ": restart that one");
        }
        SyncRequest request = SyncRequest.from(execution.getJobParameters());
        RunLocks.Lease lease = acquire(request.mode());
        try {
            // re-read under the lock: a live run of this kind cannot exist now
            JobExecution current = execution(runId);
            return begin(lease, launchedAt(current), key -> resume(current), true);
        } catch (RuntimeException e) {
            lease.close();
            throw e;
        }
    }

    /**
     * Asks a running run to stop at its next chunk boundary; what it committed stays, and a later
     * restart resumes it.
     *
     * @throws RunNotFoundException when there is no such run
     * @throws RunStateException when it is not running
     */
    public void stop(long runId) {
        execution(runId);
        try {
            jobOperator.stop(runId);
        } catch (NoSuchJobExecutionException e) {
            throw new RunNotFoundException(runId);
        } catch (JobExecutionNotRunningException e) {
            throw new RunStateException("Sync run " + runId + " is not running: " + e.getMessage());
        }
    }

    /** Runs, newest first. */
    public List<RunDetail> runs(int page, int size) {
        return history.runIds(SyncJobConfiguration.JOB_NAME, page * size, size).stream().map(this::detail).toList();
    }

    public long runCount() {
        return history.count(SyncJobConfiguration.JOB_NAME);
    }

    /**
     * A run's detail; live progress included while it executes in this process.
     *
     * @throws RunNotFoundException when there is no such run
     */
    public RunDetail detail(long runId) {
        JobExecution live = activeRuns.running(runId).orElse(null);
        JobExecution execution = live != null ? live : execution(runId);
        return RunDetail.of(execution, activeRuns.progress(runId).orElse(null), states.reconciliations(runId));
    }

    /** The names of the data sets a request may choose from. */
    public List<String> dataSetNames() {
        return catalog.names();
    }

    /** Whether any deferred company data set is due now, so that a deferred run has work. */
    public boolean anyDeferralDue() {
        return !states.due(clock.instant()).isEmpty();
    }

    /** Unknown names are the caller's mistake: refuse them before anything runs. */
    private void validate(SyncRequest request) {
        request.datasets().forEach(catalog::get);
        if (!request.companies().isEmpty() && !request.includesDataSet(DataSet.COMPANIES)) {
            List<String> known = warehouse.distinctValues(DataSet.COMPANIES, "id");
            List<String> unknown = request.companies().stream().filter(id -> !known.contains(id)).toList();
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("Unknown companies " + unknown + ": none of the " + known.size()
                        + " companies synced has that id (sync 'companies' first, or check the ids)");
            }
        }
    }

    private RunLocks.Lease acquire(SyncRequest.Mode mode) {
        String lockName = mode.lockName();
        return locks.tryAcquire(lockName, owner, properties.lockLease())
                .orElseThrow(() -> new SyncAlreadyRunningException("A " + lockName + " sync run is already active: held by "
                        + locks.holder(lockName).orElse("another process") + "; wait for it to end"));
    }

    /** What starts the run on the background thread: a start or a resume. */
    @FunctionalInterface
    private interface Execution {
        JobExecution run(long launchedAt) throws Exception;
    }

    /**
     * Runs {@code execution} on a background thread that holds {@code lease} until the run ends,
     * and waits until the run has its id (or failed before it got one).
     */
    private RunHandle begin(RunLocks.Lease lease, long launchedAt, Execution execution, boolean resumed) {
        CompletableFuture<JobExecution> started = activeRuns.expect(launchedAt);
        CompletableFuture<SyncReport> completion = CompletableFuture.supplyAsync(() -> {
            try (lease) {
                return SyncReport.of(execution.run(launchedAt), resumed);
            } catch (InvalidJobParametersException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("Cannot start the sync: " + e.getMessage(), e);
            } finally {
                activeRuns.forget(launchedAt);
            }
        }, runs);
        // Whichever comes first: the run's id, or its failure to start at all.
        CompletableFuture.anyOf(started, completion).join();
        if (!started.isDone()) {
            await(completion); // throws the reason it could not start
        }
        return new RunHandle(started.join().getId(), resumed, completion);
    }

    private JobExecution resume(JobExecution unfinished) throws Exception {
        JobExecution failed = unfinished;
        if (unfinished.getStatus().isRunning() || unfinished.getStatus() == BatchStatus.UNKNOWN
                || unfinished.getStatus() == BatchStatus.STOPPING) {
            // We hold the lock of its kind, so no live process is running it: its process died.
            log.warn("Sync run {} was left {} by a process that stopped; marking it failed to resume it", unfinished.getId(),
                    unfinished.getStatus());
            failed = jobOperator.recover(unfinished);
        }
        log.info("Resuming sync run {} ({}) from its last committed pages", failed.getId(), failed.getStatus());
        return jobOperator.restart(failed);
    }

    /** The latest run of the same kind, if it has the same request and did not complete. */
    private JobExecution unfinishedRun(SyncRequest request) {
        for (JobInstance instance : jobRepository.getJobInstances(syncJob.getName(), 0, 50)) {
            JobExecution last = jobRepository.getLastJobExecution(instance);
            if (last == null) {
                continue;
            }
            SyncRequest previous = SyncRequest.from(last.getJobParameters());
            if (previous.mode() != request.mode()) {
                continue;
            }
            boolean unfinished = last.getStatus() != BatchStatus.COMPLETED && last.getStatus() != BatchStatus.ABANDONED;
            return unfinished && previous.equals(request) ? last : null;
        }
        return null;
    }

    private JobExecution execution(long runId) {
        JobExecution execution;
        try {
            execution = jobRepository.getJobExecution(runId);
        } catch (EmptyResultDataAccessException e) {
            throw new RunNotFoundException(runId); // some repository versions throw rather than answer null
        }
        if (execution == null || !execution.getJobInstance().getJobName().equals(syncJob.getName())) {
            throw new RunNotFoundException(runId);
        }
        return execution;
    }

    private static long launchedAt(JobExecution execution) {
        return execution.getJobParameters().getLong(SyncRequest.LAUNCHED_AT);
    }

    /** The launch time identifies the job instance, so two launches in one millisecond must differ. */
    private long uniqueLaunchTime() {
        return lastLaunch.updateAndGet(last -> Math.max(last + 1, clock.millis()));
    }

    private static SyncReport await(CompletableFuture<SyncReport> completion) {
        try {
            return completion.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the sync run", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause);
        }
    }

    private static String owner() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown-host";
        }
        return host + "/" + ProcessHandle.current().pid() + "/" + UUID.randomUUID().toString().substring(0, 8);
    }
}
