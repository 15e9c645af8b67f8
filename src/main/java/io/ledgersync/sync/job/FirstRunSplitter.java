package io.ledgersync.sync.job;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.partition.StepExecutionSplitter;
import org.springframework.batch.core.partition.support.SimpleStepExecutionSplitter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.NoSuchStepException;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * Splits a data set's step into its partitions as Batch's {@link SimpleStepExecutionSplitter} does, without asking the
 * job repository, partition by partition, for an earlier execution of each when the run has none: the first execution
 * of the data set's step in its run (job instance). Batch's splitter reads every partition's last execution (a join of
 * the job's and the steps' executions, in a transaction of its own) to decide whether and from where it restarts; in a
 * nightly run of thousands of company data sets that is a query and a commit per partition that always finds nothing
 * (issue 27). One count of the data set step's executions in the run tells it for all of them: 1, this one, and no
 * partition of it can have run before. Any other count is a restart, which Batch's splitter handles as it always has.
 *
 * <p>The fresh path is Batch's own fresh path: the grid size kept in the step's context under Batch's key (a restart
 * reads it back), each partition's execution created with its context and that context saved. Thread-safe.
 */
public final class FirstRunSplitter implements StepExecutionSplitter {

    /** Batch's key for the grid size in the data set step's context ({@code SimpleStepExecutionSplitter.getContexts}). */
    static final String GRID_SIZE = SimpleStepExecutionSplitter.class.getSimpleName() + ".GRID_SIZE";

    private final JobRepository jobRepository;
    private final String workerName;
    private final Partitioner partitioner;
    private final SimpleStepExecutionSplitter restarts;

    private FirstRunSplitter(JobRepository jobRepository, String workerName, Partitioner partitioner,
            SimpleStepExecutionSplitter restarts) {
        this.jobRepository = jobRepository;
        this.workerName = workerName;
        this.partitioner = partitioner;
        this.restarts = restarts;
    }

    /**
     * @param worker the step that runs each partition: its name prefixes the partitions' names, and its
     *     {@code allowStartIfComplete} is what a restart goes by, as in Batch's {@code PartitionStepBuilder}
     */
    public static FirstRunSplitter of(JobRepository jobRepository, Partitioner partitioner, Step worker) {
        SimpleStepExecutionSplitter restarts = new SimpleStepExecutionSplitter(jobRepository, worker.getName(), partitioner);
        restarts.setAllowStartIfComplete(worker.isAllowStartIfComplete());
        return new FirstRunSplitter(jobRepository, worker.getName(), partitioner, restarts);
    }

    @Override
    public String getStepName() {
        return workerName;
    }

    @Override
    public Set<StepExecution> split(StepExecution step, int gridSize) throws JobExecutionException {
        if (!firstInItsRun(step)) {
            return restarts.split(step, gridSize);
        }
        ExecutionContext context = step.getExecutionContext();
        context.putLong(GRID_SIZE, gridSize);
        jobRepository.updateExecutionContext(step);
        Set<StepExecution> partitions = new LinkedHashSet<>();
        for (Map.Entry<String, ExecutionContext> partition : partitioner.partition(gridSize).entrySet()) {
            StepExecution execution = jobRepository.createStepExecution(workerName + ":" + partition.getKey(),
                    step.getJobExecution());
            execution.setExecutionContext(partition.getValue());
            jobRepository.updateExecutionContext(execution);
            partitions.add(execution);
        }
        return partitions;
    }

    /** Whether this is the data set step's only execution in its run: no earlier one, so no partition of it either. */
    private boolean firstInItsRun(StepExecution step) {
        try {
            return jobRepository.getStepExecutionCount(step.getJobExecution().getJobInstance(), step.getStepName()) == 1
                    && !step.getExecutionContext().containsKey(GRID_SIZE);
        } catch (NoSuchStepException e) {
            return false; // not saved as Batch saves every step before it runs: let Batch's splitter decide
        }
    }
}
