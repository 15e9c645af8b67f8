package io.ledgersync.sync.history;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;
import io.ledgersync.sync.walk.PartitionContext;

/**
 * The partitions of one run over all its executions. A resumed run is a new execution of the same
 * job instance, and Batch does not run again a partition that an earlier execution completed, so
 * the execution alone shows only part of the run: this adds, for every partition this execution did
 * not run, its last step in an earlier execution. Counts "of this execution" come from this
 * execution's partitions; counts "of the whole run" from all of them, since a partition run again
 * carries the run's counts forward in its context ({@link PartitionContext}).
 *
 * <p>Reads the partitions of the execution each time it is asked, so that it follows a live run.
 */
public final class RunPartitions {

    private final JobExecution execution;
    private final Supplier<Collection<StepExecution>> steps;
    private final List<JobExecution> earlier;

    private RunPartitions(JobExecution execution, Supplier<Collection<StepExecution>> steps, List<JobExecution> earlier) {
        this.execution = execution;
        this.steps = steps;
        this.earlier = earlier;
    }

    /** @param earlier the earlier executions of the same job instance, in any order */
    public static RunPartitions of(JobExecution execution, List<JobExecution> earlier) {
        return new RunPartitions(execution, execution::getStepExecutions, earlier.stream()
                .filter(e -> e.getId() < execution.getId()).sorted(Comparator.comparingLong(JobExecution::getId).reversed()).toList());
    }

    /** The same run, its execution's steps read by {@code steps} each time they are asked ({@link PartitionSteps#liveSteps}). */
    public RunPartitions withSteps(Function<JobExecution, Collection<StepExecution>> live) {
        return new RunPartitions(execution, () -> live.apply(execution), earlier);
    }

    /** A run of one execution: nothing earlier to add. */
    public static RunPartitions of(JobExecution execution) {
        return of(execution, List.of());
    }

    public JobExecution execution() {
        return execution;
    }

    /** Whether this execution resumes earlier ones of the same run. */
    public boolean resumed() {
        return !earlier.isEmpty();
    }

    /** The execution this one resumed; null for the first execution of a run. */
    public Long resumedFrom() {
        return earlier.isEmpty() ? null : earlier.get(0).getId();
    }

    /** The partitions this execution ran (or is running). */
    List<StepExecution> current() {
        return partitionsOf(steps.get());
    }

    /**
     * The partitions an earlier execution ended and this one did not run again: completed ones, and,
     * while this execution has not reached them yet, the ones it will resume. Newest execution first.
     */
    public List<StepExecution> carried() {
        Set<Key> seen = new HashSet<>();
        current().forEach(step -> seen.add(Key.of(step)));
        List<StepExecution> carried = new ArrayList<>();
        for (JobExecution previous : earlier) {
            for (StepExecution step : partitionsOf(previous.getStepExecutions())) {
                if (seen.add(Key.of(step))) {
                    carried.add(step);
                }
            }
        }
        return carried;
    }

    private static List<StepExecution> partitionsOf(Collection<StepExecution> steps) {
        return steps.stream().filter(PartitionContext::isPartition).toList();
    }

    /** A partition is its data set and company, in whichever execution it ran. */
    private record Key(String dataSet, String companyId) {
        public static Key of(StepExecution step) {
            PartitionContext context = PartitionContext.of(step);
            return new Key(context.dataSet(), Objects.requireNonNullElse(context.companyId(), ""));
        }
    }
}
