package io.ledgersync.sync;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.InvalidJobParametersException;
import org.springframework.batch.core.launch.JobExecutionAlreadyRunningException;
import org.springframework.batch.core.launch.JobInstanceAlreadyCompleteException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.launch.JobRestartException;
import org.springframework.batch.core.repository.JobRepository;

import io.ledgersync.warehouse.RunLocks;

/**
 * Starts sync runs: the one entry point of the command line, the schedule and the REST API.
 *
 * <p>A run holds the database lock of its kind (full or deferred) from start to end. When the
 * latest run of the same kind and request did not finish — it failed, or its process was killed —
 * the next launch resumes it from each partition's last committed page instead of starting over.
 */
public class SyncLauncher {

    private static final Logger log = LoggerFactory.getLogger(SyncLauncher.class);

    private final JobOperator jobOperator;
    private final JobRepository jobRepository;
    private final Job syncJob;
    private final DataSetCatalog catalog;
    private final RunLocks locks;
    private final SyncProperties properties;
    private final Clock clock;
    private final String owner = owner();
    private final AtomicLong lastLaunch = new AtomicLong();

    SyncLauncher(JobOperator jobOperator, JobRepository jobRepository, Job syncJob, DataSetCatalog catalog, RunLocks locks,
            SyncProperties properties, Clock clock) {
        this.jobOperator = jobOperator;
        this.jobRepository = jobRepository;
        this.syncJob = syncJob;
        this.catalog = catalog;
        this.locks = locks;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * Runs a sync to its end (resuming the unfinished previous run of the same request, if any)
     * and reports what it did.
     *
     * @throws IllegalArgumentException when the request names an unknown data set
     * @throws SyncAlreadyRunningException when a run of the same kind is active
     */
    public SyncReport run(SyncRequest request) {
        request.datasets().forEach(catalog::get);
        String lockName = request.mode().lockName();
        try (RunLocks.Lease lease = locks.tryAcquire(lockName, owner, properties.lockLease())
                .orElseThrow(() -> new SyncAlreadyRunningException("A " + lockName + " sync run is already active: held by "
                        + locks.holder(lockName).orElse("another process") + "; wait for it to end"))) {
            JobExecution unfinished = unfinishedRun(request);
            if (unfinished != null) {
                return SyncReport.of(resume(unfinished), true);
            }
            return SyncReport.of(jobOperator.start(syncJob, request.toJobParameters(uniqueLaunchTime())), false);
        } catch (InvalidJobParametersException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (JobExecutionAlreadyRunningException | JobInstanceAlreadyCompleteException | JobRestartException e) {
            throw new IllegalStateException("Cannot start the sync: " + e.getMessage(), e);
        }
    }

    /** The names of the data sets a request may choose from. */
    public List<String> dataSetNames() {
        return catalog.names();
    }

    private JobExecution resume(JobExecution unfinished) throws JobRestartException {
        JobExecution failed = unfinished;
        if (unfinished.getStatus().isRunning() || unfinished.getStatus() == BatchStatus.UNKNOWN) {
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
