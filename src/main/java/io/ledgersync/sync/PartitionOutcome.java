package io.ledgersync.sync;

import org.springframework.batch.core.step.StepExecution;

/**
 * How one partition (one company's data set, or a top-level data set) ended. The name is also the
 * partition step's exit code in the job repository, so a run read back from it tells the same.
 */
public enum PartitionOutcome {
    /** Read to its end and written. */
    COMPLETED,
    /** The Data API answered 409 (not requested, or still syncing): deferred, tried again when due. */
    DEFERRED,
    /** The company's platform does not provide this data set (404): skipped. */
    UNSUPPORTED,
    /** Stopped on request (API, or the process shutting down) at a page boundary; a restart of the run resumes it. */
    STOPPED,
    /** The read or the write failed; a resume of the run continues from the last committed page. */
    FAILED;

    /** The outcome of a partition step that has ended (or, while it runs, what it would be if it ended now). */
    public static PartitionOutcome of(StepExecution step) {
        return switch (RunState.of(step.getStatus())) {
            case STOPPED -> STOPPED;
            case FAILED -> FAILED;
            // a partition that read to its end says in its exit code whether it was deferred or unsupported
            case COMPLETED, UNFINISHED -> {
                String exitCode = step.getExitStatus().getExitCode();
                yield exitCode.equals(DEFERRED.name()) ? DEFERRED : exitCode.equals(UNSUPPORTED.name()) ? UNSUPPORTED : COMPLETED;
            }
        };
    }
}
