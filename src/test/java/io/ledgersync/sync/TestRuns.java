package io.ledgersync.sync;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.step.StepExecution;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.StoredPartitions;

/** Runs and partitions built in memory as the job repository would hand them back, for tests of what is reported. */
public final class TestRuns {

    static final JobInstance INSTANCE = new JobInstance(1L, "sync");

    private TestRuns() {
    }

    public static JobExecution execution(long id, Instant started) {
        JobExecution execution = new JobExecution(id, INSTANCE, new JobParameters());
        execution.setStartTime(batchTime(started));
        return execution;
    }

    /**
     * The job parameters of a run of invoices for company {@code a}, as versions before the kinds of run were one enum
     * wrote them: a mode ({@code FULL}, {@code DEFERRED}; null: before modes) and a walk ({@code full} for a full
     * refresh, {@code incremental}; null: before walks).
     */
    public static JobParameters parametersBefore(String mode, String walk) {
        JobParametersBuilder parameters = new JobParametersBuilder();
        if (mode != null) {
            parameters.addString("mode", mode);
        }
        if (walk != null) {
            parameters.addString("walk", walk);
        }
        return parameters.addString("datasets", "invoices").addLong("company.count", 1L).addString("company.1", "a")
                .addLong("launched.at", 1L).toJobParameters();
    }

    /** Batch keeps the JVM's local time. */
    public static LocalDateTime batchTime(Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneId.systemDefault());
    }

    /**
     * A partition of {@code run} with its counts: over the whole run, and by this execution.
     *
     * @param total the totalResults it announced; negative when it has read no page yet
     */
    public static StepExecution partition(JobExecution run, String dataSet, String companyId, BatchStatus status, long runRecords,
            long runPages, long records, long pages, long total) {
        StepExecution step = new StepExecution(dataSet + ":" + companyId, run);
        step.setStatus(status);
        step.setExitStatus(status == BatchStatus.COMPLETED ? ExitStatus.COMPLETED
                : status == BatchStatus.STOPPED ? ExitStatus.STOPPED : status == BatchStatus.FAILED ? ExitStatus.FAILED
                : ExitStatus.EXECUTING);
        step.setExecutionContext(StoredPartitions.beforeWalks(dataSet, companyId));
        PartitionContext context = PartitionContext.of(step);
        context.counts().save(runRecords, runPages, records, pages);
        if (total >= 0) {
            context.position().saveTotalResults(total);
        }
        run.addStepExecution(step);
        return step;
    }
}
