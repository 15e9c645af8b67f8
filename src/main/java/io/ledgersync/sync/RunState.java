package io.ledgersync.sync;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.batch.core.BatchStatus;

/**
 * Where a run or a partition stands, read from its Spring Batch status: the one reading of a {@link BatchStatus} that
 * {@link RunOutcome}, {@link PartitionOutcome} and the cluster's workers build on, and the one answer to whether a run
 * is finished.
 */
public enum RunState {
    /** Starting or started: running, or left so by a process that died (the next launch that takes its lock recovers it). */
    UNFINISHED,
    COMPLETED,
    /** Asked to stop (STOPPING until its partitions reach a page boundary) or stopped: what it committed stays. */
    STOPPED,
    /** Failed, abandoned, or in Batch's UNKNOWN state. */
    FAILED;

    private static final Set<BatchStatus> FINISHED = EnumSet.of(BatchStatus.COMPLETED, BatchStatus.ABANDONED, BatchStatus.UNKNOWN);

    public static RunState of(BatchStatus status) {
        return switch (status) {
            case STARTING, STARTED -> UNFINISHED;
            case COMPLETED -> COMPLETED;
            // Batch ranks STOPPED below FAILED and above COMPLETED, and counts STOPPING as running: neither is
            // "unsuccessful" nor a completion, and a stop asked for is what either means here
            case STOPPING, STOPPED -> STOPPED;
            case FAILED, ABANDONED, UNKNOWN -> FAILED;
        };
    }

    /**
     * Whether a run with this status has nothing left to resume: it completed, an operator abandoned it, or it is
     * UNKNOWN. Batch leaves a run UNKNOWN when it could not record how the run ended (an update of the job repository
     * failed) and refuses to restart it ({@code JobRestartException}: "it may be dangerous to proceed"): no resume can
     * ever pick it up, so it counts as finished, like an abandoned one. A launch of its request starts anew instead of
     * resuming it, and the retention purges it once it is old, where it would otherwise keep it for ever.
     */
    public static boolean finished(BatchStatus status) {
        return FINISHED.contains(status);
    }

    /** The statuses of a finished run ({@link #finished}) by name, as the job repository stores them. */
    public static Set<String> finishedStatuses() {
        return FINISHED.stream().map(BatchStatus::name).collect(Collectors.toUnmodifiableSet());
    }
}
