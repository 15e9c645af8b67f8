package io.ledgersync.sandbox;

import java.time.Clock;
import java.time.Duration;

import io.ledgersync.sandbox.records.DataSetState;
import io.ledgersync.sandbox.records.DataSetState.Changes;

/**
 * The scripted life of one company's data set. A data set starts ready ({@code currentStatus: Complete}); the
 * state scripted last wins; {@code GET /companies/{id}/dataStatus} always tells the same story as the data set.
 */
public final class DataSetScript {

    private final DataSetState state;
    private final Clock clock;

    DataSetScript(DataSetState state, Clock clock) {
        this.state = state;
        this.clock = clock;
    }

    /** Readable from now on; its last successful sync is now. */
    public DataSetScript ready() {
        state.ready(clock.instant());
        return this;
    }

    /**
     * Never requested: every read is 409 {@code The data set has not been requested.} and {@code dataStatus}
     * leaves the data type out, until another state is scripted.
     */
    public DataSetScript notRequested() {
        state.notRequested();
        return this;
    }

    /**
     * Syncing: the next {@code requests} reads are 409 {@code The data set is still syncing...} (status
     * {@code Fetching}), the one after is served and the data set is {@code Complete} from then on.
     * <pre>{@code faults.dataSet(id, "invoices").readyAfterRequests(2);  // 409, 409, 200}</pre>
     */
    public DataSetScript readyAfterRequests(int requests) {
        if (requests < 0) {
            throw new IllegalArgumentException("requests must not be negative, was " + requests);
        }
        state.readyAfterRequests(requests);
        return this;
    }

    /**
     * Syncing until {@code duration} has passed on the sandbox clock: reads are 409 until then, served after.
     * <pre>{@code faults.dataSet(id, "invoices").readyAfter(Duration.ofMinutes(5)); clock.advance(...);}</pre>
     */
    public DataSetScript readyAfter(Duration duration) {
        state.readyAt(clock.instant().plus(duration));
        return this;
    }

    /**
     * The company's platform does not support the data type: reads are 404
     * {@code Datatype <type> not supported by platform(s) <platform>} and {@code dataStatus} says
     * {@code NotSupported}.
     */
    public DataSetScript unsupported() {
        state.unsupported();
        return this;
    }

    /**
     * Page drift: once {@code afterPages} more pages of this data set have been served, {@code insert} new
     * records appear at the front of the default order (shifting every later record back by that many
     * positions) and {@code update} existing records, spread over the whole data set, are revised; both get
     * {@code modifiedDate} = now on the sandbox clock. The next page request, of the same sync or a later one,
     * sees the change.
     * <pre>{@code faults.dataSet(id, "invoices").driftAfterPages(1, 5, 3);  // between page 1 and page 2}</pre>
     */
    public DataSetScript driftAfterPages(int afterPages, int insert, int update) {
        if (afterPages < 1 || insert < 0 || update < 0 || update > state.baseSize()) {
            throw new IllegalArgumentException("drift needs afterPages >= 1, insert >= 0 and 0 <= update <= "
                    + state.baseSize() + "; was " + afterPages + ", " + insert + ", " + update);
        }
        state.driftAfterPages(afterPages, Changes.of(insert, update));
        return this;
    }

    /**
     * Any changes of the platform (inserts, updates, soft deletes, hard deletes, late changes dated in the past) once
     * {@code afterPages} more pages of this data set have been served: during a walk, between two of its pages.
     * <pre>{@code faults.dataSet(id, "invoices").changesAfterPages(1, new Changes(0, 0, 0, 5, 0, null)); // 5 removed}</pre>
     */
    public DataSetScript changesAfterPages(int afterPages, Changes changes) {
        if (afterPages < 1) {
            throw new IllegalArgumentException("changes after pages need afterPages >= 1, was " + afterPages);
        }
        state.driftAfterPages(afterPages, changes);
        return this;
    }

    /**
     * Changes made now, on the sandbox clock: between two runs, or whenever a test or an operator asks. Inserted
     * records come first in the default order; updated and soft-deleted ones get {@code modifiedDate} = now (soft
     * deleted: {@code metadata.isDeleted = true}); late ones are dated {@code lateBy} before now; hard-deleted ones
     * are gone from every page and from {@code totalResults}.
     * <pre>{@code faults.dataSet(id, "invoices").change(new Changes(2, 3, 1, 1, 1, Duration.ofMinutes(30)));}</pre>
     */
    public DataSetScript change(Changes changes) {
        state.change(changes, clock.instant());
        return this;
    }

    /**
     * Undoes every change made or scheduled ({@link #change}, {@link #changesAfterPages}, {@link #driftAfterPages}):
     * the data set is served as generated again, so hard-deleted records reappear with their old dates.
     */
    public DataSetScript undoChanges() {
        state.undoChanges();
        return this;
    }
}
