package io.ledgersync.sync.job;

import java.util.Collection;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.partition.StepExecutionAggregator;
import org.springframework.batch.core.partition.support.DefaultStepExecutionAggregator;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.PartitionStepBuilder;

/**
 * A data set's step whose partitions failed in part still completes, so that the job goes on to the next data set
 * with nothing of the failure lost: the failed partitions stay FAILED with their cause, and the step says how many in
 * its exit status ({@value #EXIT_CODE}), which the end of the run reads ({@link DataSetFlow}).
 *
 * <p>Why not a FAILED step and a flow that goes on after it: Spring Batch marks a failed step that the flow went on
 * from ABANDONED, and never runs an abandoned step again, so a restart would not resume its failed partitions. A
 * completed step that may start again ({@code allowStartIfComplete}) does: its partitioner runs again, and Batch
 * starts only the partitions whose last execution did not complete, each from its last committed page. A partition
 * that was stopped, or a step that failed as a whole (its partitioner could not read the warehouse), is left as Batch
 * has it: the run stops or fails there, as before. Stateless.
 */
public final class FailedPartitions implements StepExecutionAggregator {

    /** The exit code of a data set step that completed with some of its partitions failed. */
    public static final String EXIT_CODE = "PARTITIONS_FAILED";

    private final StepExecutionAggregator counts = new DefaultStepExecutionAggregator();

    /**
     * Makes a data set's step go on past its failed partitions, and start again on a restart of its run. The builder
     * must have been given the worker step ({@code step(worker)}), also where the worker runs elsewhere: Batch's splitter
     * restarts a completed partition when the step it builds from allows it, and takes the worker step's word
     * (false) over the data set step's own (true) only when it has one.
     */
    public static <B extends PartitionStepBuilder> B tolerated(B step) {
        step.aggregator(new FailedPartitions());
        step.allowStartIfComplete(true);
        return step;
    }

    @Override
    public void aggregate(StepExecution result, Collection<StepExecution> partitions) {
        counts.aggregate(result, partitions);
        if (result.getStatus() != BatchStatus.FAILED || partitions.stream().anyMatch(FailedPartitions::notOnlyFailed)) {
            return;
        }
        long failed = partitions.stream().filter(partition -> partition.getStatus() == BatchStatus.FAILED).count();
        result.setStatus(BatchStatus.COMPLETED);
        result.setExitStatus(new ExitStatus(EXIT_CODE, failed + " of " + partitions.size()
                + " partition(s) failed; the next run of the same request resumes them"));
    }

    /** Whether any step of this execution of the run had partitions fail. */
    static boolean anyIn(JobExecution execution) {
        return execution.getStepExecutions().stream()
                .anyMatch(step -> EXIT_CODE.equals(step.getExitStatus().getExitCode()));
    }

    /** Stopped, abandoned or unknown: not a failure of the company data set's own, and not this class's to hide. */
    private static boolean notOnlyFailed(StepExecution partition) {
        BatchStatus status = partition.getStatus();
        return status != BatchStatus.FAILED && status != BatchStatus.COMPLETED;
    }
}
