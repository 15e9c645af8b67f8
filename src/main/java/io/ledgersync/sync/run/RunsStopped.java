package io.ledgersync.sync.run;

import java.util.List;

/**
 * What stopping the runs of a process came to ({@link SyncLauncher#stopAll}).
 *
 * @param stopped the runs asked to stop at their next page boundary
 * @param stillRunning the runs that had not ended when the grace ran out (-1 for one that had no id yet):
 *        the next start recovers and resumes them
 */
public record RunsStopped(List<Long> stopped, List<Long> stillRunning) {

    public RunsStopped {
        stopped = List.copyOf(stopped);
        stillRunning = List.copyOf(stillRunning);
    }

    /** Whether every run of the process has ended. */
    public boolean allEnded() {
        return stillRunning.isEmpty();
    }
}
