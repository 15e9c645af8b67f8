package io.ledgersync.cluster;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.listener.ChunkListener;
import org.springframework.batch.core.scope.context.StepContext;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;

/**
 * Lets a stop request reach a partition that runs in another process. Batch's {@code JobOperator.stop} marks the
 * run STOPPING in the job repository and stops the steps <em>it</em> holds; a worker's steps it cannot reach. So
 * after each committed page a partition reads its run's status, and a run that is stopping (or already over,
 * say a manager's recovery marked it FAILED) stops the partition at this page boundary, as a local run stops.
 * One indexed read per page. Thread-safe: it keeps nothing.
 */
final class JobStopWatch implements ChunkListener<Object, Object> {

    private final RunStatuses runs;

    JobStopWatch(RunStatuses runs) {
        this.runs = runs;
    }

    @Override
    public void afterChunk(Chunk<Object> chunk) {
        StepContext context = StepSynchronizationManager.getContext();
        if (context == null) {
            return;
        }
        StepExecution step = context.getStepExecution();
        BatchStatus run = runs.of(step.getJobExecutionId());
        if (run == BatchStatus.STOPPING || !run.isRunning()) {
            step.setTerminateOnly();
        }
    }
}
