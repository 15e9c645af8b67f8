package io.ledgersync.sandbox.records;

/**
 * Which of a resource's records a request sees, in the order they are served: all of them in index order, or the
 * positions a query matched, sorted by an {@code orderBy}.
 *
 * @param total how many records the request sees: {@code totalResults}
 * @param order record positions in serving order, or null for "all, in index order"
 */
public record ServingOrder(int total, int[] order) {

    public static ServingOrder all(int size) {
        return new ServingOrder(size, null);
    }

    static ServingOrder of(int[] order) {
        return new ServingOrder(order.length, order);
    }

    public int indexAt(int position) {
        return order == null ? position : order[position];
    }
}
