package io.ledgersync.source;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Keeps count while one data set is paged through: refuses a {@code next} link that repeats any
 * page already read (a loop would never end), and at the end checks the records and pages read
 * against {@code totalResults} and CONTRACT.md §2.3 rule 2. Not thread-safe: one per paging.
 */
public final class PageTally {

    private final String resource;
    private final Set<String> hrefsRead = new HashSet<>();
    private final Set<Integer> pageNumbersRead = new HashSet<>();
    private long records;
    private long pages;
    private Page last;

    /** @param resource the paged resource, e.g. {@code /companies/42/data/invoices}, for messages */
    public PageTally(String resource) {
        this(resource, 0, 0);
    }

    /**
     * A walk resumed after an earlier execution read some of it: those records and pages count
     * towards completeness, though their hrefs are not known.
     */
    public PageTally(String resource, long recordsBefore, long pagesBefore) {
        this.resource = resource;
        this.records = recordsBefore;
        this.pages = pagesBefore;
    }

    /** Counts a page just read from {@code page.href()}; throws when it repeats a page already read. */
    public void add(Page page) {
        if (!pageNumbersRead.add(page.pageNumber())) {
            throw new MalformedResponseException("GET " + page.href(), "page " + page.pageNumber()
                    + " was already read: the '_links.next' chain of " + resource + " runs in a loop");
        }
        hrefsRead.add(normalize(page.href()));
        records += page.results().size();
        pages++;
        last = page;
    }

    /** Throws when {@code nextHref} points at a page already read, before anything is sent. */
    public void checkNext(String nextHref) {
        if (hasRead(nextHref)) {
            throw new MalformedResponseException("GET " + last.href(), "'_links.next' (" + nextHref
                    + ") repeats a page already read: the '_links.next' chain of " + resource + " runs in a loop");
        }
    }

    /**
     * Called after the last page (no {@code next}): throws {@link IncompleteReadException} when the
     * records or pages read disagree with what the last page announces.
     */
    public void verifyComplete() {
        if (last == null) {
            return;
        }
        long total = last.totalResults();
        // An empty data set is still one page (with empty results), not zero.
        long expectedPages = Math.max(1, last.pageCount());
        if (records != total || pages != expectedPages) {
            throw new IncompleteReadException(resource, records, total, pages, expectedPages);
        }
    }

    /** Whether the page at {@code href} was read already (whatever the order of its query parameters). */
    public boolean hasRead(String href) {
        return hrefsRead.contains(normalize(href));
    }

    public long records() {
        return records;
    }

    public long pages() {
        return pages;
    }

    /** The same page whatever the order of its query parameters: {@code ?pageSize=2&page=3} is {@code ?page=3&pageSize=2}. */
    static String normalize(String href) {
        int query = href.indexOf('?');
        if (query < 0) {
            return href;
        }
        String[] parameters = href.substring(query + 1).split("&");
        Arrays.sort(parameters);
        return href.substring(0, query) + "?" + String.join("&", parameters);
    }
}
