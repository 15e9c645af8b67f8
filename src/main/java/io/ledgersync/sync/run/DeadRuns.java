package io.ledgersync.sync.run;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.dao.OptimisticLockingFailureException;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.RunLookup;

/**
 * Marks failed, and so resumable, the runs of a lock that look active in the job repository while the caller holds that
 * lock: no live process runs one, so they died with theirs (killed, crashed, or not stopped within its grace).
 * Thread-safe.
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

    /** Recovers the dead runs of this kind's lock, which the caller holds, and answers their ids. */
    List<Long> recover(SyncRequest.Kind kind) {
        List<Long> recovered = new ArrayList<>();
        for (JobExecution dead : lookup.lookingActive(kind.lockName())) {
            log.warn("Sync run {} was left {} by a process that ended without finishing it; marking it failed, resumable",
                    dead.getId(), dead.getStatus());
            recover(dead);
            recovered.add(dead.getId());
        }
        return recovered;
    }

    /**
     * In cluster mode the workers may still run partitions of a dead manager's run, and one may start or commit a
     * partition between our reading the run and our marking it: Batch then refuses the stale update. Read it again and
     * mark what it is now; the workers stop its partitions at their next page once the run is FAILED (JobStopWatch).
     */
    private void recover(JobExecution dead) {
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
