package io.ledgersync.sync.run;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.dao.OptimisticLockingFailureException;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.RunLookup;

/**
 * Runs that died with their process: whoever holds the run lock of a kind knows that no live process runs one of that
 * lock, so a run of it that still looks active is marked failed, resumable ({@link SyncLauncher}). Thread-safe.
 */
final class DeadRuns {

    private static final Logger log = LoggerFactory.getLogger(DeadRuns.class);
    /** Readings of a dead run that a worker keeps changing, before its recovery gives up (the next launch tries again). */
    private static final int MAX_RECOVERY_ATTEMPTS = 5;

    private final JobOperator jobOperator;
    private final RunLookup lookup;

    DeadRuns(JobOperator jobOperator, RunLookup lookup) {
        this.jobOperator = jobOperator;
        this.lookup = lookup;
    }

    /**
     * We hold the lock of this kind, so no live process runs one of its lock: a run of that lock that still looks
     * active died with its process (killed, crashed, or not stopped within its grace). Marking it
     * failed keeps the history honest and lets it resume, now or later by a restart.
     */
    void recover(SyncRequest.Kind kind) {
        for (JobExecution dead : lookup.lookingActive(kind.lockName())) {
            log.warn("Sync run {} was left {} by a process that ended without finishing it; marking it failed, resumable",
                    dead.getId(), dead.getStatus());
            markFailed(dead);
        }
    }

    /**
     * In cluster mode the workers may still run partitions of a dead manager's run, and one may start or commit a
     * partition between our reading the run and our marking it: Batch then refuses the stale update. Read it again and
     * mark what it is now; the workers stop its partitions at their next page once the run is FAILED (JobStopWatch).
     */
    private void markFailed(JobExecution dead) {
        for (int attempt = 1; ; attempt++) {
            try {
                jobOperator.recover(dead);
                return;
            } catch (OptimisticLockingFailureException raced) {
                if (attempt == MAX_RECOVERY_ATTEMPTS) {
                    throw raced;
                }
                log.info("Sync run {} changed while it was being recovered ({}): reading it again", dead.getId(),
                        raced.getMessage());
                dead = lookup.execution(dead.getId());
            }
        }
    }
}
