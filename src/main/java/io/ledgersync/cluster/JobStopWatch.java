package io.ledgersync.cluster;

import org.springframework.batch.core.listener.ChunkListener;
import org.springframework.batch.core.scope.context.StepContext;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;

import io.ledgersync.sync.RunState;

/**
 * Stops a partition running in a worker once its run is over elsewhere. Batch's own check, when a page's step
 * execution is saved, reads the run's status and stops a partition of a run that is STOPPING; this one, after each
 * page it writes, also stops the partitions of a run that is no longer running at all: one that {@code JobOperator.stop}
 * already marked STOPPED (Batch 6 does at once), or that a manager's recovery marked FAILED after the manager died.
 * Its partitions would otherwise read on to their end for a run nobody waits for. One indexed read per page.
 * Thread-safe: it keeps nothing.
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
        // anything but unfinished: asked to stop, stopped, or ended elsewhere (a recovery marked it FAILED)
        if (RunState.of(runs.of(step.getJobExecutionId())) != RunState.UNFINISHED) {
            step.setTerminateOnly();
        }
    }
}
