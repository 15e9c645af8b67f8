package io.ledgersync.sync;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobExecutionNotRunningException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.launch.NoSuchJobExecutionException;

import io.ledgersync.warehouse.RunLocks;

/**
 * Starts, stops and restarts sync runs: the one entry point of the command line, the schedule and
 * the REST API for changing what runs ({@link SyncRuns} answers what ran).
 *
 * <p>A run holds the database lock of its kind (full or deferred) from start to end. When the
 * latest run of the same kind and request did not finish — it failed, was stopped, or its process
 * was killed — the next launch resumes it from each partition's last committed page instead of
 * starting over. Thread-safe.
 */
public class SyncLauncher {

    private static final Logger log = LoggerFactory.getLogger(SyncLauncher.class);

    private final JobOperator jobOperator;
    private final Job syncJob;
    private final DataSetCatalog catalog;
    private final CompanySelection companies;
    private final RunLocks locks;
    private final RunLookup lookup;
    private final BackgroundRuns background;
    private final SyncProperties properties;
    private final Clock clock;
    private final String owner = owner();
    private final AtomicLong lastLaunch = new AtomicLong();

    SyncLauncher(JobOperator jobOperator, Job syncJob, DataSetCatalog catalog, CompanySelection companies, RunLocks locks,
            RunLookup lookup, BackgroundRuns background, SyncProperties properties, Clock clock) {
        this.jobOperator = jobOperator;
        this.syncJob = syncJob;
        this.catalog = catalog;
        this.companies = companies;
        this.locks = locks;
        this.lookup = lookup;
        this.background = background;
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
        return BackgroundRuns.await(launch(request).completion());
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
            JobExecution unfinished = lookup.unfinished(request).orElse(null);
            if (unfinished != null) {
                return background.begin(lease, RunLookup.launchedAt(unfinished), key -> resume(unfinished), true);
            }
            return background.begin(lease, uniqueLaunchTime(), key -> jobOperator.start(syncJob, request.toJobParameters(key)),
                    false);
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
        JobExecution execution = lookup.execution(runId);
        if (execution.getStatus() == BatchStatus.COMPLETED || execution.getStatus() == BatchStatus.ABANDONED) {
            throw new RunStateException("Sync run " + runId + " is " + execution.getStatus() + ": there is nothing to restart");
        }
        JobExecution latest = lookup.latest(execution);
        if (latest != null && latest.getId() != runId) {
            throw new RunStateException("Sync run " + runId + " was already resumed as run " + latest.getId() + ": restart that one");
        }
        SyncRequest request = SyncRequest.from(execution.getJobParameters());
        RunLocks.Lease lease = acquire(request.mode());
        try {
            // re-read under the lock: a live run of this kind cannot exist now
            JobExecution current = lookup.execution(runId);
            return background.begin(lease, RunLookup.launchedAt(current), key -> resume(current), true);
        } catch (RuntimeException e) {
            lease.close();
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
        lookup.execution(runId);
        try {
            jobOperator.stop(runId);
        } catch (NoSuchJobExecutionException e) {
            throw new RunNotFoundException(runId);
        } catch (JobExecutionNotRunningException e) {
            throw new RunStateException("Sync run " + runId + " is not running: " + e.getMessage());
        }
    }

    /** Unknown names are the caller's mistake: refuse them before anything runs. */
    private void validate(SyncRequest request) {
        request.datasets().forEach(catalog::get);
        if (!request.includesDataSet(DataSet.COMPANIES)) {
            companies.select(request); // with companies in the run, the ids are checked once they are synced
        }
    }

    private RunLocks.Lease acquire(SyncRequest.Mode mode) {
        String lockName = mode.lockName();
        return locks.tryAcquire(lockName, owner, properties.lockLease())
                .orElseThrow(() -> new SyncAlreadyRunningException("A " + lockName + " sync run is already active: held by "
                        + locks.holder(lockName).orElse("another process") + "; wait for it to end"));
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

    /** The launch time identifies the job instance, so two launches in one millisecond must differ. */
    private long uniqueLaunchTime() {
        return lastLaunch.updateAndGet(last -> Math.max(last + 1, clock.millis()));
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
