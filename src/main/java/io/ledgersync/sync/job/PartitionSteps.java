package io.ledgersync.sync.job;

import java.util.Collection;
import java.util.List;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.StepListener;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;

/**
 * How a data set's step hands its partitions (one per company) to the steps that run them: in this
 * process on a pool of {@code ledgersync.sync.concurrency} threads (the default), or, when the
 * application supplies another (cluster mode), to worker processes. The job, its partitioner and its
 * worker steps are the same either way.
 */
public interface PartitionSteps {

    /**
     * The step that splits a data set into partitions and waits for them.
     *
     * @param name the data set's name: the step's and its worker step's
     * @param worker the step that runs one partition, wherever it runs
     * @param gridSize the partitions at once
     */
    Step partitionStep(String name, Partitioner partitioner, Step worker, int gridSize);

    /**
     * Listeners every worker step gets besides ledgersync's own (a {@code ChunkListener}, an {@code ItemReadListener}...).
     * Typed: Batch's {@code listener(Object)} registers only a listener with annotated methods, and ignores others.
     */
    default List<StepListener> workerListeners() {
        return List.of();
    }

    /**
     * The steps of a live run of this process as they are now, for its progress and detail. Here, the execution's own:
     * the partitions that run in this process update them in memory at every page. Where partitions run in other
     * processes, those copies stay as they were sent, and this reads them again from the job repository.
     */
    default Collection<StepExecution> liveSteps(JobExecution execution) {
        return execution.getStepExecutions();
    }
}
