package io.ledgersync.sync.walk;

/**
 * The ids read so far in one pass of a walk, kept as 64-bit hashes in an open-addressing table of {@code long}s, for
 * {@link DriftWatch}'s "id read twice". A pass reads every record of its company data set, so what it keeps grows with
 * them: a {@code HashSet<String>} of the ids took about 110 bytes an id (a hash node, the String and its bytes: the
 * heap's live set grew by 37 MB over 343,000 ids of four partitions read at once, in a heap of 256 MB); this takes 16
 * to 32 bytes an id (bench/BENCHMARKS.md, "The heap of a walk"). Not the database: asking it on every page would cost a
 * round trip and a write per record read, on every walk, for a check that is almost always negative.
 *
 * <p>Two different ids share a hash with a chance of about n²/2<sup>65</sup> in a pass of n records (3·10<sup>-8</sup>
 * for a million). Such a pair is taken for an id read twice: the pass is then recovered as drifted (one catch-up read
 * more), which never loses or skips a record; an id truly read twice is always found.
 *
 * <p>Not thread-safe: one per {@link DriftWatch}.
 */
final class IdHashes {

    /** The table is grown when it would be more than half full, so that a probe stays short. */
    private static final int MIN_CAPACITY = 1024;

    /** Slots of the table; 0 marks an empty one, so the hash 0 is kept aside ({@link #zero}). */
    private long[] slots = new long[MIN_CAPACITY];
    private int size;
    private boolean zero;

    /** Adds the id; false when it (or an id with the same hash) was added before. */
    boolean add(String id) {
        return addHash(hash(id));
    }

    /** Adds a hash; false when it was added before. */
    boolean addHash(long hash) {
        if (hash == 0) {
            boolean added = !zero;
            zero = true;
            return added;
        }
        if (!insert(slots, hash)) {
            return false;
        }
        if (++size * 2 > slots.length) {
            grow();
        }
        return true;
    }

    /** How many different hashes were added. */
    int size() {
        return size + (zero ? 1 : 0);
    }

    /** The capacity of the table, in slots: what it holds is 8 bytes a slot. */
    int capacity() {
        return slots.length;
    }

    private static boolean insert(long[] table, long hash) {
        int mask = table.length - 1;
        for (int i = (int) hash & mask; ; i = (i + 1) & mask) {
            if (table[i] == 0) {
                table[i] = hash;
                return true;
            }
            if (table[i] == hash) {
                return false;
            }
        }
    }

    private void grow() {
        long[] larger = new long[slots.length * 2];
        for (long hash : slots) {
            if (hash != 0) {
                insert(larger, hash);
            }
        }
        slots = larger;
    }

    /** FNV-1a over the id's chars, then MurmurHash3's finalizer, so that the low bits that pick a slot are mixed too. */
    static long hash(String id) {
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < id.length(); i++) {
            hash = (hash ^ id.charAt(i)) * 0x100000001b3L;
        }
        hash ^= hash >>> 33;
        hash *= 0xff51afd7ed558ccdL;
        hash ^= hash >>> 33;
        hash *= 0xc4ceb9fe1a85ec53L;
        return hash ^ (hash >>> 33);
    }
}
