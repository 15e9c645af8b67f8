package io.ledgersync.sync.partition;

import java.time.Instant;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;

import io.ledgersync.sync.SyncCommand;
import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.Walk;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * What a partition's walk justifies once it completed, every page committed: the company data set's watermark moves
 * on, and a complete full walk marks deleted the rows it did not write. Called after the partition's last commit,
 * so a crash or a failure before never moves a watermark past a record not yet written, and a walk that did not
 * complete (failed, stopped, or read other than the source announced) never marks anything deleted. More deletes than
 * the safety bound ({@code ledgersync.sync.deletes.max-fraction}) allows are refused, with the command that applies
 * them once someone has looked ({@link SyncRequest#acceptDeletes}); a run of that command marks them. Thread-safe.
 *
 * <p>The watermark is the newest {@code modifiedDate} the walk wrote, but never later than the walk's start. The
 * newest value read is on the platform's clock, the one {@code modifiedDate} is written with (docs/CONTRACT.md
 * §11: "the field for incremental reads ({@code query=modifiedDate>=<watermark>})"), so ledgersync's own clock, skewed or
 * moved, never decides what is read next; and a walk that reads nothing new leaves it where it was. Capped at the
 * walk's start, a record changed on a page the walk had already read (its new date is after the start) is read by
 * the next walk whatever the walk read later. The lookback covers what is left: a change the platform committed late
 * with an earlier date, and a skew between the two clocks.
 */
public final class WalkCompletion {

    private static final Logger log = LoggerFactory.getLogger(WalkCompletion.class);
    /** The bound of a run that accepts every delete: all of a company data set's rows may be gone. */
    private static final double EVERY_ROW = 1.0;

    private final SyncStates states;
    private final Warehouse warehouse;
    private final DataSetCatalog catalog;
    private final double maxDeletedFraction;
    private final ApplicationEventPublisher events;

    public WalkCompletion(SyncStates states, Warehouse warehouse, DataSetCatalog catalog, double maxDeletedFraction,
            ApplicationEventPublisher events) {
        this.states = states;
        this.warehouse = warehouse;
        this.catalog = catalog;
        this.maxDeletedFraction = maxDeletedFraction;
        this.events = events;
    }

    /**
     * Moves the watermark, marks deletes and records the reconciliation of a completed partition. Its
     * {@code sync_state} row is saved already.
     *
     * @param acceptDeletes whether the run accepts deletes beyond the safety bound ({@link SyncRequest#acceptDeletes})
     */
    void completed(long runId, PartitionContext context, boolean acceptDeletes, Instant now) {
        String companyId = context.companyId();
        String dataSet = context.dataSet();
        Walk walk = context.plan().walk().orElse(null);
        String note = context.recovery().note();
        Long marked = null;
        // a walk gets here only complete: one that ended short failed (ShortWalk), or recovered from the drift
        if (walk != null && walk.full()) {
            String partition = context.describe();
            Instant pass = context.recovery().wholeFrom().orElseThrow();
            // a pass that went straight into an empty scope wrote every live row of it: nothing is missing, and the
            // count's scan of the company's rows (seconds in W1, issue 28) is skipped
            Warehouse.Deletions deletions = context.position().wentStraightIn(pass) ? Warehouse.Deletions.NONE
                    : warehouse.markMissing(catalog.get(dataSet).table(), companyId, pass, now,
                            acceptDeletes ? EVERY_ROW : maxDeletedFraction);
            if (deletions.refused()) {
                String refused = "deletes refused: " + deletions.missing() + " of " + deletions.live()
                        + " live rows are gone from the source, more than ledgersync.sync.deletes.max-fraction ("
                        + maxDeletedFraction + "); nothing marked: if the source really lost them, run '"
                        + SyncCommand.of(new SyncRequest(SyncRequest.Kind.FULL, List.of(dataSet),
                                companyId == null ? List.of() : List.of(companyId), true)) + "'";
                log.warn("{}: {}", partition, refused);
                note = join(note, refused);
                context.outcome().saveDeletesRefused(refused);
                events.publishEvent(new SyncEvent.DeletesMarked(runId, dataSet, companyId, 0, true));
            } else {
                marked = deletions.marked();
                if (acceptDeletes && deletions.beyond(maxDeletedFraction)) {
                    String accepted = "deletes accepted: " + marked + " of " + deletions.live() + " live rows marked deleted,"
                            + " more than ledgersync.sync.deletes.max-fraction (" + maxDeletedFraction + "): the run accepts"
                            + " deletes (--accept-deletes)";
                    log.warn("{}: {}", partition, accepted);
                    note = join(note, accepted);
                } else if (marked > 0) {
                    log.info("{}: {} rows gone from the source marked deleted", partition, marked);
                }
                events.publishEvent(new SyncEvent.DeletesMarked(runId, dataSet, companyId, marked, false));
            }
        }
        if (companyId == null) {
            return; // a top-level data set has no sync_state nor reconciliation row
        }
        if (walk != null) {
            Instant watermark = context.position().newestCursor()
                    .map(newest -> newest.isAfter(walk.startedAt()) ? walk.startedAt() : newest)
                    .orElse(null);
            states.walkCompleted(companyId, dataSet, walk.full(), watermark, now);
        }
        if (context.position().totalResults().isPresent()) {
            // after page drift, the last pass is what the source's count is checked against; every pass is in the detail
            long lastPassRecords = context.recovery().passRecords().orElse(context.counts().recordsRead());
            states.reconcile(runId, companyId, dataSet, lastPassRecords, context.position().totalResults().getAsLong(), now,
                    walk == null ? null : walk.kind().label(), marked, note);
        }
    }

    private static String join(String first, String second) {
        return first == null ? second : first + "; " + second;
    }
}
