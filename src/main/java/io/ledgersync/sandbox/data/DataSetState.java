package io.ledgersync.sandbox.data;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The scripted life of one company's data set: whether it is readable yet (CONTRACT.md §3, §4.4: 409 until its sync
 * is complete, 404 on an unsupported platform) and the records inserted or changed while a client pages through it.
 * Every method is synchronized: requests of one data set arrive on many threads.
 */
public final class DataSetState {

    /** Where the data set is in its life: readable, never requested, syncing, or not supported by the platform. */
    public enum Stage { READY, NOT_REQUESTED, SYNCING, UNSUPPORTED }

    /** A change scheduled for after the {@code afterPages}-th page of this data set has been served. */
    private record PendingDrift(int afterPages, int insert, int update) {
    }

    /** A record changed at {@code when}; {@code revision} makes the change visible in the record itself. */
    record Revision(Instant when, int revision) {
    }

    /**
     * What one request sees: {@code insertedAt.get(0)} is the newest inserted record, served first, because records
     * that appear ahead of a client's position are the ones that shift pages under it.
     */
    record Snapshot(int version, List<Instant> insertedAt, Map<Integer, Revision> updated) {

        static final Snapshot UNCHANGED = new Snapshot(0, List.of(), Map.of());

        int inserted() {
            return insertedAt.size();
        }
    }

    private final int baseSize;
    private Stage stage = Stage.READY;
    private int notReadyRequestsLeft;
    private Instant readyAt;
    private Instant lastSuccessfulSync;
    private final List<PendingDrift> pending = new ArrayList<>();
    private int pagesServed;
    private Snapshot snapshot = Snapshot.UNCHANGED;

    /** A data set of {@code baseSize} records before any drift, ready to be read. */
    DataSetState(int baseSize) {
        this.baseSize = baseSize;
    }

    /** The records of the data set before any drift: how many a drift may revise at most. */
    public int baseSize() {
        return baseSize;
    }

    public synchronized void ready(Instant now) {
        stage = Stage.READY;
        lastSuccessfulSync = now;
    }

    public synchronized void notRequested() {
        stage = Stage.NOT_REQUESTED;
    }

    public synchronized void readyAfterRequests(int requests) {
        stage = requests == 0 ? Stage.READY : Stage.SYNCING;
        notReadyRequestsLeft = requests;
        readyAt = null;
    }

    public synchronized void readyAt(Instant when) {
        stage = Stage.SYNCING;
        notReadyRequestsLeft = 0;
        readyAt = when;
    }

    public synchronized void unsupported() {
        stage = Stage.UNSUPPORTED;
    }

    public synchronized void driftAfterPages(int afterPages, int insert, int update) {
        pending.add(new PendingDrift(pagesServed + afterPages, insert, update));
    }

    /** Returns when a read may go ahead; a 409 while the data set is not requested or still syncing. */
    public synchronized Stage admit(Instant now) {
        switch (stage) {
            case NOT_REQUESTED -> throw ApiException.conflict("The data set has not been requested.");
            case SYNCING -> {
                if (readyAt != null ? now.isBefore(readyAt) : notReadyRequestsLeft-- > 0) {
                    throw ApiException.conflict("The data set is still syncing: its sync is not complete.");
                }
                stage = Stage.READY;
                lastSuccessfulSync = readyAt != null ? readyAt : now;
            }
            default -> {
            }
        }
        return stage;
    }

    /** The {@code currentStatus} of {@code dataStatus}, or null when the data set was never requested. */
    public synchronized String currentStatus(Instant now) {
        return switch (stage) {
            case READY -> "Complete";
            case NOT_REQUESTED -> null;
            case UNSUPPORTED -> "NotSupported";
            case SYNCING -> readyAt != null && !now.isBefore(readyAt) ? "Complete" : "Fetching";
        };
    }

    /** When the last sync completed, or null when none did (the seeded data sets use the company's lastSync). */
    public synchronized Instant lastSuccessfulSync(Instant now) {
        if (stage == Stage.SYNCING && readyAt != null && !now.isBefore(readyAt)) {
            return readyAt;
        }
        return stage == Stage.READY ? lastSuccessfulSync : null;
    }

    public synchronized Stage stage() {
        return stage;
    }

    synchronized Snapshot snapshot() {
        return snapshot;
    }

    /** Counts a page being served and applies the changes due after it; the next page request sees them. */
    public synchronized void pageServed(Instant now) {
        pagesServed++;
        for (Iterator<PendingDrift> it = pending.iterator(); it.hasNext(); ) {
            PendingDrift drift = it.next();
            if (drift.afterPages() <= pagesServed) {
                it.remove();
                apply(drift, now);
            }
        }
    }

    private void apply(PendingDrift drift, Instant now) {
        int version = snapshot.version() + 1;
        List<Instant> inserted = new ArrayList<>(drift.insert() + snapshot.inserted());
        for (int i = 0; i < drift.insert(); i++) {
            inserted.add(now);
        }
        inserted.addAll(snapshot.insertedAt());
        Map<Integer, Revision> updated = new HashMap<>(snapshot.updated());
        int count = Math.min(drift.update(), baseSize);
        for (int i = 0; i < count; i++) {
            // Spread over the whole data set, so that pages already read and pages still to come both change.
            updated.put((int) ((long) i * baseSize / count), new Revision(now, version));
        }
        snapshot = new Snapshot(version, List.copyOf(inserted), Map.copyOf(updated));
    }
}
