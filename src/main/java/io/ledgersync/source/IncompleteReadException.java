package io.ledgersync.source;

/**
 * A walk through a data set's pages ended ({@link PageWalk#verifyComplete()}), but what was read disagrees with
 * {@code totalResults} or with the page count of CONTRACT.md §2.3 rule 2: records were lost or added while reading.
 * Immutable.
 */
public class IncompleteReadException extends DataApiException {

    private final long recordsRead;
    private final long totalResults;
    private final long pagesRead;
    private final long expectedPages;

    IncompleteReadException(String resource, long recordsRead, long totalResults, long pagesRead, long expectedPages) {
        super("GET " + resource, 200, "Reading " + resource + " ended after " + pagesRead + " pages and " + recordsRead
                + " records, but the last page announces totalResults " + totalResults + " in " + expectedPages
                + " pages (CONTRACT.md §2.3 rule 2): records changed during the read or the Data API paged inconsistently. "
                + "Run the sync again; if it repeats, quote this to support", null);
        this.recordsRead = recordsRead;
        this.totalResults = totalResults;
        this.pagesRead = pagesRead;
        this.expectedPages = expectedPages;
    }

    public long recordsRead() {
        return recordsRead;
    }

    public long totalResults() {
        return totalResults;
    }

    public long pagesRead() {
        return pagesRead;
    }

    public long expectedPages() {
        return expectedPages;
    }
}
