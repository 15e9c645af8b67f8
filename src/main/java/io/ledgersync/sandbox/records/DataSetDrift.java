package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import io.ledgersync.sandbox.records.DataSetState.Changes;

/**
 * The records of a data set inserted, changed, soft-deleted or removed, at once or after a number of pages served
 * (between two pages of a walk). Not thread-safe: its {@link DataSetState} holds the lock.
 */
final class DataSetDrift {

    /** Changes scheduled for after the {@code afterPages}-th page of this data set has been served. */
    private record Pending(int afterPages, Changes changes) {
    }

    private final int baseSize;
    private final List<Pending> pending = new ArrayList<>();
    private int pagesServed;
    private DriftSnapshot snapshot = DriftSnapshot.UNCHANGED;

    DataSetDrift(int baseSize) {
        this.baseSize = baseSize;
    }

    void afterPages(int afterPages, Changes changes) {
        check(changes);
        pending.add(new Pending(pagesServed + afterPages, changes));
    }

    void undo() {
        pending.clear();
        // a new version, never an old one: a serving order worked out for an earlier version must not be reused
        snapshot = new DriftSnapshot(snapshot.version() + 1, List.of(), Map.of(), new int[0]);
    }

    void change(Changes changes, Instant now) {
        check(changes);
        snapshot = snapshot.with(changes, now, baseSize);
    }

    private void check(Changes changes) {
        int untouched = baseSize - snapshot.removed().length;
        if (changes.touched() > untouched) {
            throw new IllegalArgumentException("changes touch " + changes.touched() + " existing records; the data set has "
                    + untouched + " base records left");
        }
    }

    void pageServed(Instant now) {
        pagesServed++;
        for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
            Pending drift = it.next();
            if (drift.afterPages() <= pagesServed) {
                it.remove();
                snapshot = snapshot.with(drift.changes(), now, baseSize);
            }
        }
    }

    DriftSnapshot snapshot() {
        return snapshot;
    }
}
