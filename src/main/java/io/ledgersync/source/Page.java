package io.ledgersync.source;

import java.util.List;
import java.util.Optional;

/**
 * One page of a paged endpoint, decoded from the envelope of CONTRACT.md §2.3.
 * Immutable.
 *
 * @param href the relative href this page was read from
 * @param results the records on this page
 * @param nextHref the {@code _links.next} href, or null on the last page (§2.3 rule 5)
 */
public record Page(String href, List<SourceRecord> results, int pageNumber, int pageSize, long totalResults,
        String nextHref) {

    public Page {
        results = List.copyOf(results);
    }

    public Optional<String> next() {
        return Optional.ofNullable(nextHref);
    }

    /** §2.3 rule 2: the number of pages is totalResults divided by pageSize, rounded up. */
    public long pageCount() {
        return pageSize == 0 ? 0 : (totalResults + pageSize - 1) / pageSize;
    }
}
