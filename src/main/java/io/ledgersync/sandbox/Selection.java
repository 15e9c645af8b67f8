package io.ledgersync.sandbox;

/**
 * Which records of a listing a request sees, in serving order: all of them in index order, or the positions a query
 * matched and an {@code orderBy} sorted.
 *
 * @param order record positions in serving order, or null for "all, in index order"
 */
record Selection(int total, int[] order) {

    static Selection all(int size) {
        return new Selection(size, null);
    }

    static Selection of(int[] order) {
        return new Selection(order.length, order);
    }

    int indexAt(int position) {
        return order == null ? position : order[position];
    }
}
