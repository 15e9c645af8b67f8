package io.ledgersync.sync.walk;

import org.springframework.batch.core.job.JobInterruptedException;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.StepInterruptionPolicy;
import org.springframework.batch.core.step.ThreadStepInterruptionPolicy;

/**
 * Ends a partition's chunk loop as soon as its reader knows the walk is over ({@link DataSetItemReader#walkEnded()}),
 * instead of after one more chunk that reads nothing: Spring Batch's chunk step learns the end only from a
 * {@code read()} that returns null, and commits that empty chunk (the step execution and its context written again,
 * one more commit per partition: bench/BENCHMARKS.md, "Many companies"). The chunk step asks this policy before each
 * chunk; an answer of "interrupted" ends the loop, and the step completes as after the empty chunk, since nothing asked
 * it to stop ({@code terminateOnly} is not set). Everything Batch's own policy checks (the thread interrupted, a stop
 * requested) is checked first, unchanged.
 *
 * <p>The last page's chunk has already saved the position after that page, so a restart resumes exactly as before.
 * One per partition, like the reader it asks; not shared between threads.
 */
public final class WalkEndPolicy implements StepInterruptionPolicy {

    private final StepInterruptionPolicy batchOwn = new ThreadStepInterruptionPolicy();
    private final DataSetItemReader reader;

    /** @param reader the partition's own reader */
    public WalkEndPolicy(DataSetItemReader reader) {
        this.reader = reader;
    }

    @Override
    public void checkInterrupted(StepExecution stepExecution) throws JobInterruptedException {
        batchOwn.checkInterrupted(stepExecution);
        if (reader.walkEnded()) {
            throw new JobInterruptedException("the walk ended with the last page's chunk: no empty chunk to find the end");
        }
    }
}
