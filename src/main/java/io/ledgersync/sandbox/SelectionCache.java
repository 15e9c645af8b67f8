package io.ledgersync.sandbox;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Remembers which records a (listing, query) matched, so paging through a filtered data set does not regenerate
 * the whole data set for every page. Safe because the data a sandbox serves never changes.
 */
final class SelectionCache {

    private static final int CAPACITY = 64;

    private final Map<String, int[]> matches = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, int[]> eldest) {
            return size() > CAPACITY;
        }
    };

    <T> Selection select(Listing<T> listing, String query) {
        if (query == null) {
            return Selection.all(listing.size());
        }
        Predicate<T> filter = QueryFilter.parse(query, listing.fields());
        String key = listing.path() + '\n' + query;
        int[] cached;
        synchronized (matches) {
            cached = matches.get(key);
        }
        if (cached == null) {
            cached = scan(listing, filter);
            synchronized (matches) {
                matches.put(key, cached);
            }
        }
        return Selection.of(cached);
    }

    private static <T> int[] scan(Listing<T> listing, Predicate<T> filter) {
        int[] found = new int[Math.min(listing.size(), 1024)];
        int count = 0;
        for (int index = 0; index < listing.size(); index++) {
            if (filter.test(listing.record().apply(index))) {
                if (count == found.length) {
                    found = Arrays.copyOf(found, Math.max(1024, found.length * 2));
                }
                found[count++] = index;
            }
        }
        return Arrays.copyOf(found, count);
    }
}
