package io.ledgersync.sync.job;

import java.util.function.Function;

import org.springframework.batch.core.job.JobInterruptedException;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;

/**
 * A data set's worker step: for each partition it runs, Spring Batch's own chunk step, built for that partition with a
 * reader and a writer of its own (they keep the partition's walk and are not thread-safe). Step-scoped beans did this
 * before, at the price of Spring's bean factory (a bean created, its arguments resolved, every post-processor run)
 * and a proxy that looked the partition's instance up on every call: about a tenth of the partition threads' CPU
 * samples with 300 companies x 6 data sets, where each partition reads one page (bench/BENCHMARKS.md, "Many
 * companies"). What the chunk step does is Batch's, unchanged: its transactions, listeners, interruption policy and
 * restart from the partition's committed context; the step only starts later, with its execution in hand.
 *
 * <p>Thread-safe: partitions of one data set run side by side, each with a chunk step of its own.
 */
final class PartitionWorkerStep implements Step {

    private final String name;
    private final Function<StepExecution, Step> chunkStepFor;

    /**
     * @param name the data set's name: the worker step's, which a remote worker looks its steps up by
     * @param chunkStepFor the chunk step that runs the given partition, named {@code name}
     */
    PartitionWorkerStep(String name, Function<StepExecution, Step> chunkStepFor) {
        this.name = name;
        this.chunkStepFor = chunkStepFor;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void execute(StepExecution partition) throws JobInterruptedException {
        chunkStepFor.apply(partition).execute(partition);
    }
}
