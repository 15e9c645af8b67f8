package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.ledgersync.sandbox.records.DataSetState.Changes;

/**
 * What one request sees of a data set's drift: {@code inserted.get(0)} is the newest inserted record, served first,
 * because records that appear ahead of a client's position are the ones that shift pages under it, each with the
 * moment and the version it was inserted at (so that a later change of other records leaves it as it was); {@code removed}
 * holds the base indexes hard-deleted, sorted. Immutable; each batch of changes makes the next version.
 */
record DriftSnapshot(int version, List<Revision> insertions, Map<Integer, Revision> updated, int[] removed) {

    static final DriftSnapshot UNCHANGED = new DriftSnapshot(0, List.of(), Map.of(), new int[0]);

    /**
     * A record changed at {@code when} (its modifiedDate); {@code revision} makes the change visible in the record
     * itself; {@code deleted} is its {@code metadata.isDeleted}.
     */
    record Revision(Instant when, int revision, boolean deleted) {
    }

    int inserted() {
        return insertions.size();
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

    /** The next version: this one with {@code changes} made at {@code now} to a data set of {@code baseSize}. */
    DriftSnapshot with(Changes changes, Instant now, int baseSize) {
        int next = version + 1;
        List<Revision> inserted = new ArrayList<>(changes.insert() + inserted());
        for (int i = 0; i < changes.insert(); i++) {
            inserted.add(new Revision(now, next, false));
        }
        inserted.addAll(insertions);
        Map<Integer, Revision> revised = new HashMap<>(updated);
        Set<Integer> gone = new HashSet<>();
        for (int index : removed) {
            gone.add(index);
        }
        // Each kind of change takes records no other change took, so that every one stays visible (while there are
        // enough records that were never changed; after that, records changed before may change again).
        Set<Integer> taken = new HashSet<>(gone);
        if (gone.size() + revised.size() + changes.touched() <= baseSize) {
            taken.addAll(revised.keySet());
        }
        for (int index : spread(changes.update(), taken, baseSize)) {
            revised.put(index, new Revision(now, next, false));
        }
        for (int index : spread(changes.softDelete(), taken, baseSize)) {
            revised.put(index, new Revision(now, next, true));
        }
        for (int index : spread(changes.late(), taken, baseSize)) {
            revised.put(index, new Revision(now.minus(changes.lateBy()), next, false));
        }
        for (int index : spread(changes.hardDelete(), taken, baseSize)) {
            gone.add(index);
            revised.remove(index);
        }
        int[] goneSorted = gone.stream().mapToInt(Integer::intValue).sorted().toArray();
        return new DriftSnapshot(next, List.copyOf(inserted), Map.copyOf(revised), goneSorted);
    }

    /**
     * {@code count} base indexes spread over the whole data set, so that pages already read and pages still to come
     * both change; each is added to {@code taken}, and none was taken before.
     */
    private static List<Integer> spread(int count, Set<Integer> taken, int baseSize) {
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
