package io.ledgersync.sync.history;

import java.time.Duration;
import java.time.Instant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.ledgersync.sync.RunState;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.warehouse.state.RunPurge;

/**
 * Keeps the history of runs from growing for ever: forgets the runs that ended longer ago than the
 * retention — their rows in Spring Batch's job repository and in {@code sync_reconciliation} —
 * except the newest successful run of each {@link SyncRequest.Kind#mode mode} (full, deferred) and any
 * run that can still be resumed ({@link RunState#finished}), however old. Thread-safe.
 */
public class RunRetention {

    private static final Logger log = LoggerFactory.getLogger(RunRetention.class);

    private final RunPurge purge;

    public RunRetention(RunPurge purge) {
        this.purge = purge;
    }

    /**
     * Purges the runs that ended before {@code now - retention}, and logs what went in one line.
     *
     * @return the runs purged
     */
    public int purge(Instant now, Duration retention) {
        Instant cutoff = now.minus(retention);
        RunPurge.Purged purged = purge.purge(SyncRequest.JOB_NAME, SyncRequest.KIND_PARAMETER, RunState.finishedStatuses(),
                cutoff);
        log.info("Purged {} sync run(s) that ended before {} (retention {}): {} job instance(s), {} step execution(s), "
                + "{} reconciliation row(s); kept {} older run(s) as the newest successful of their kind and {} that can "
                + "still be resumed", purged.runs(), cutoff, days(retention), purged.instances(), purged.steps(),
                purged.reconciliations(), purged.keptNewest(), purged.keptResumable());
        return purged.runs();
    }

    /** As it is configured: 90d rather than PT2160H. */
    private static String days(Duration duration) {
        return duration.toSeconds() % 86_400 == 0 ? duration.toDays() + "d" : duration.toString();
    }
}
