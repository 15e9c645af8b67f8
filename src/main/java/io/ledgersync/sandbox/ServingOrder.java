package io.ledgersync.sandbox;

/**
 * Which records of a records a request sees, in serving order: all of them in index order, or the positions a query
 * matched and an {@code orderBy} sorted.
 *
 * @param order record positions in serving order, or null for "all, in index order"
 */
record ServingOrder(int total, int[] order) {

    static ServingOrder all(int size) {
        return new ServingOrder(size, null);
    }

    static ServingOrder of(int[] order) {
        return new ServingOrder(order.length, order);
    }

    int indexAt(int position) {
        return order == null ? position : order[position];
    }
}
