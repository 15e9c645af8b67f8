package io.ledgersync.sync;

import java.time.Clock;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.InvalidJobParametersException;
import org.springframework.batch.core.launch.JobExecutionAlreadyRunningException;
import org.springframework.batch.core.launch.JobInstanceAlreadyCompleteException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.launch.JobRestartException;
import org.springframework.stereotype.Component;

/** Starts sync runs: the one entry point of the command line, the schedule and the REST API. */
@Component
public class SyncLauncher {

    private final JobOperator jobOperator;
    private final Job syncJob;
    private final DataSetCatalog catalog;
    private final Clock clock;
    private final java.util.concurrent.atomic.AtomicLong lastLaunch = new java.util.concurrent.atomic.AtomicLong();

    SyncLauncher(JobOperator jobOperator, Job syncJob, DataSetCatalog catalog,
            org.springframework.beans.factory.ObjectProvider<Clock> clock) {
        this.jobOperator = jobOperator;
        this.syncJob = syncJob;
        this.catalog = catalog;
        this.clock = clock.getIfAvailable(Clock::systemUTC);
    }

    /**
     * Runs a sync to its end and reports what it did.
     *
     * @throws IllegalArgumentException when the request names an unknown data set
     */
    public SyncReport run(SyncRequest request) {
        request.datasets().forEach(catalog::get);
        JobExecution execution;
        try {
            execution = jobOperator.start(syncJob, request.toJobParameters(uniqueLaunchTime()));
        } catch (InvalidJobParametersException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (JobExecutionAlreadyRunningException | JobInstanceAlreadyCompleteException | JobRestartException e) {
            throw new IllegalStateException("Cannot start the sync: " + e.getMessage(), e);
        }
        return SyncReport.of(execution);
    }

    /** The launch time identifies the job instance, so two launches in one millisecond must differ. */
    private long uniqueLaunchTime() {
        return lastLaunch.updateAndGet(last -> Math.max(last + 1, clock.millis()));
    }

    /** The names of the data sets a request may choose from. */
    public java.util.List<String> dataSetNames() {
        return catalog.names();
    }
}
