package io.ledgersync.sandbox;

/**
 * Which records of a listing a request sees: all of them, or those a query matched, in index order.
 *
 * @param matches indices of the matching records, or null for "all"
 */
record Selection(int total, int[] matches) {

    static Selection all(int size) {
        return new Selection(size, null);
    }

    static Selection of(int[] matches) {
        return new Selection(matches.length, matches);
    }

    int indexAt(int position) {
        return matches == null ? position : matches[position];
    }
}
