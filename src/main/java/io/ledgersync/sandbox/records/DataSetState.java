package io.ledgersync.sandbox.records;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scripted life of one company's data set: whether it is readable yet (CONTRACT.md §3, §4.4: 409 until its sync
 * is complete, 404 on an unsupported platform) and the records inserted, changed, soft-deleted or removed, at once or
 * after a number of pages served (between two pages of a walk).
 * Every method is synchronized: requests of one data set arrive on many threads.
 */
public final class DataSetState {

    /** Where the data set is in its life: readable, never requested, syncing, or not supported by the platform. */
    public enum Stage { READY, NOT_REQUESTED, SYNCING, UNSUPPORTED }

    /**
     * One batch of changes the platform makes to a data set, all at the same moment.
     *
     * @param insert new records, served first (newest first), dated now
     * @param update records revised now
     * @param softDelete records revised now with {@code metadata.isDeleted = true}; they stay in the data set
     * @param hardDelete records removed from the data set altogether
     * @param late records revised now but dated {@code lateBy} in the past: a change the platform committed late
     * @param lateBy how far in the past a late change is dated
     */
    public record Changes(int insert, int update, int softDelete, int hardDelete, int late, Duration lateBy) {

        public Changes {
            if (insert < 0 || update < 0 || softDelete < 0 || hardDelete < 0 || late < 0) {
                throw new IllegalArgumentException("changes need counts >= 0; was insert " + insert + ", update " + update
                        + ", softDelete " + softDelete + ", hardDelete " + hardDelete + ", late " + late);
            }
            lateBy = lateBy == null ? Duration.ZERO : lateBy;
            if (lateBy.isNegative()) {
                throw new IllegalArgumentException("lateBy must not be negative, was " + lateBy);
            }
        }

        /** Inserts and updates only: the page drift of earlier versions. */
        public static Changes of(int insert, int update) {
            return new Changes(insert, update, 0, 0, 0, Duration.ZERO);
        }

        /** How many existing records these changes touch. */
        int touched() {
            return update + softDelete + hardDelete + late;
        }
    }

    /** Changes scheduled for after the {@code afterPages}-th page of this data set has been served. */
    private record PendingDrift(int afterPages, Changes changes) {
    }

    /**
     * A record changed at {@code when} (its modifiedDate); {@code revision} makes the change visible in the record
     * itself; {@code deleted} is its {@code metadata.isDeleted}.
     */
    record Revision(Instant when, int revision, boolean deleted) {
    }

    /**
     * What one request sees: {@code insertedAt.get(0)} is the newest inserted record, served first, because records
     * that appear ahead of a client's position are the ones that shift pages under it; {@code removed} holds the
     * base indexes hard-deleted, sorted.
     */
    record Snapshot(int version, List<Instant> insertedAt, Map<Integer, Revision> updated, int[] removed) {

        static final Snapshot UNCHANGED = new Snapshot(0, List.of(), Map.of(), new int[0]);

        int inserted() {
            return insertedAt.size();
        }

        /** How many base records are still served. */
        int kept(int baseSize) {
            return baseSize - removed.length;
        }

        /** The base index of the {@code position}-th base record still served (removed ones skipped). */
        int baseIndex(int position) {
            if (removed.length == 0) {
                return position;
            }
            // the smallest index with position + 1 records kept at or before it
            int low = position;
            int high = position + removed.length;
            while (low < high) {
                int middle = (low + high) >>> 1;
                if (middle + 1 - removedUpTo(middle) >= position + 1) {
                    high = middle;
                } else {
                    low = middle + 1;
                }
            }
            return low;
        }

        private int removedUpTo(int index) {
            int found = Arrays.binarySearch(removed, index);
            return found >= 0 ? found + 1 : -found - 1;
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

    public synchronized void driftAfterPages(int afterPages, Changes changes) {
        check(changes);
        pending.add(new PendingDrift(pagesServed + afterPages, changes));
    }

    /** Undoes every change made or scheduled: the data set as generated, hard-deleted records back. */
    public synchronized void undoChanges() {
        pending.clear();
        // a new version, never an old one: a serving order worked out for an earlier version must not be reused
        snapshot = new Snapshot(snapshot.version() + 1, List.of(), Map.of(), new int[0]);
    }

    /** Makes the changes now: the next request sees them. */
    public synchronized void change(Changes changes, Instant now) {
        check(changes);
        apply(changes, now);
    }

    private void check(Changes changes) {
        int untouched = baseSize - snapshot.removed().length;
        if (changes.touched() > untouched) {
            throw new IllegalArgumentException("changes touch " + changes.touched() + " existing records; the data set has "
                    + untouched + " base records left");
        }
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
                apply(drift.changes(), now);
            }
        }
    }

    private void apply(Changes changes, Instant now) {
        int version = snapshot.version() + 1;
        List<Instant> inserted = new ArrayList<>(changes.insert() + snapshot.inserted());
        for (int i = 0; i < changes.insert(); i++) {
            inserted.add(now);
        }
        inserted.addAll(snapshot.insertedAt());
        Map<Integer, Revision> updated = new HashMap<>(snapshot.updated());
        Set<Integer> removed = new HashSet<>();
        for (int index : snapshot.removed()) {
            removed.add(index);
        }
        // Each kind of change takes records no other change took, so that every one stays visible (while there are
        // enough records that were never changed; after that, records changed before may change again).
        Set<Integer> taken = new HashSet<>(removed);
        if (removed.size() + updated.size() + changes.touched() <= baseSize) {
            taken.addAll(updated.keySet());
        }
        for (int index : spread(changes.update(), taken)) {
            updated.put(index, new Revision(now, version, false));
        }
        for (int index : spread(changes.softDelete(), taken)) {
            updated.put(index, new Revision(now, version, true));
        }
        for (int index : spread(changes.late(), taken)) {
            updated.put(index, new Revision(now.minus(changes.lateBy()), version, false));
        }
        for (int index : spread(changes.hardDelete(), taken)) {
            removed.add(index);
            updated.remove(index);
        }
        int[] removedSorted = removed.stream().mapToInt(Integer::intValue).sorted().toArray();
        snapshot = new Snapshot(version, List.copyOf(inserted), Map.copyOf(updated), removedSorted);
    }

    /**
     * {@code count} base indexes spread over the whole data set, so that pages already read and pages still to come
     * both change; each is added to {@code taken}, and none was taken before.
     */
    private List<Integer> spread(int count, Set<Integer> taken) {
        List<Integer> picked = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int index = (int) ((long) i * baseSize / count);
            while (taken.contains(index)) {
                index = (index + 1) % baseSize;
            }
            taken.add(index);
            picked.add(index);
        }
        return picked;
    }
}
