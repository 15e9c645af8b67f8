package io.ledgersync.sandbox.records;

import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Works out, and remembers, which records of a resource a (query, orderBy) selects and in what order, so paging
 * through a filtered or sorted data set does not regenerate the whole data set for every page. Records are made
 * one at a time and dropped at once: only their positions (and, to sort, their sort keys) are ever held. Safe to
 * reuse because the identity of {@link PageableRecords} changes whenever their content does. Thread-safe.
 */
public final class ServingOrderCache {

    /** About 32 MB of positions: enough for a few sorted million-record data sets, bounded whatever clients ask. */
    private static final long CAPACITY_POSITIONS = 8_000_000;

    private final Map<String, int[]> cached = new LinkedHashMap<>(16, 0.75f, true);
    private long held;

    /**
     * Refuses a query or an orderBy that does not fit the records with the platform's 400, without reading any
     * record: a request is checked before it counts towards a data set becoming ready.
     */
    public static void validate(PageableRecords<?> records, String query, String orderBy) {
        if (query != null) {
            QueryFilter.parse(query, records.fields());
        }
        if (orderBy != null) {
            Ordering.parse(orderBy, records.fields());
        }
    }

    /** The records a request sees, in serving order; 400 {@link ApiException} for an invalid query or orderBy. */
    public <T> ServingOrder select(PageableRecords<T> records, String query, String orderBy) {
        Predicate<T> filter = query == null ? null : QueryFilter.parse(query, records.fields());
        Ordering<T> ordering = orderBy == null ? null : Ordering.parse(orderBy, records.fields());
        if (filter == null && ordering == null) {
            return ServingOrder.all(records.size());
        }
        if (records.identity() == null) {
            return ServingOrder.of(compute(records, filter, ordering));
        }
        String key = records.identity() + '\n' + query + '\n' + orderBy;
        int[] order;
        synchronized (cached) {
            order = cached.get(key);
        }
        if (order == null) {
            order = compute(records, filter, ordering);
            remember(key, order);
        }
        return ServingOrder.of(order);
    }

    private void remember(String key, int[] order) {
        synchronized (cached) {
            if (cached.put(key, order) == null) {
                held += order.length;
            }
            var eldest = cached.entrySet().iterator();
            while (held > CAPACITY_POSITIONS && cached.size() > 1 && eldest.hasNext()) {
                held -= eldest.next().getValue().length;
                eldest.remove();
            }
        }
    }

    private static <T> int[] compute(PageableRecords<T> records, Predicate<T> filter, Ordering<T> ordering) {
        int[] found = new int[Math.min(records.size(), 1024)];
        Comparable<?>[] keys = ordering == null ? null : new Comparable<?>[Math.min(records.size(), 1024)];
        int count = 0;
        for (int index = 0; index < records.size(); index++) {
            T record = records.record().apply(index);
            if (filter == null || filter.test(record)) {
                if (count == found.length) {
                    found = Arrays.copyOf(found, Math.max(1024, found.length * 2));
                    if (keys != null) {
                        keys = Arrays.copyOf(keys, found.length);
                    }
                }
                if (keys != null) {
                    keys[count] = ordering.key(record);
                }
                found[count++] = index;
            }
        }
        found = Arrays.copyOf(found, count);
        return ordering == null ? found : ordering.sort(found, keys);
    }

    /** {@code orderBy=field} ascending, {@code orderBy=-field} descending; nulls last, ties in index order. */
    record Ordering<T>(Field<T> field, boolean descending) {

        static <T> Ordering<T> parse(String orderBy, Map<String, Field<T>> fields) {
            boolean descending = orderBy.startsWith("-");
            String name = descending ? orderBy.substring(1) : orderBy;
            Field<T> field = fields.get(name);
            if (field == null) {
                throw ApiException.badRequest("Error parsing orderBy - Could not resolve property " + name
                        + " on Dataset");
            }
            return new Ordering<>(field, descending);
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        Comparable<?> key(T record) {
            Object value = field.value().apply(record);
            // Strings order case-insensitively, as they match in queries.
            return value instanceof String text ? text.toLowerCase(java.util.Locale.ROOT) : (Comparable) value;
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        int[] sort(int[] positions, Comparable<?>[] keys) {
            Integer[] slots = new Integer[positions.length];
            for (int i = 0; i < slots.length; i++) {
                slots[i] = i;
            }
            Comparator<Comparable> values = descending ? Comparator.reverseOrder() : Comparator.naturalOrder();
            Comparator<Integer> bySlot = Comparator.comparing(slot -> (Comparable) keys[slot],
                    Comparator.nullsLast(values));
            // Arrays.sort on objects is stable, so equal keys keep index order and pages never overlap.
            Arrays.sort(slots, bySlot);
            int[] sorted = new int[positions.length];
            for (int i = 0; i < slots.length; i++) {
                sorted[i] = positions[slots[i]];
            }
            return sorted;
        }
    }
}
