package io.ledgersync.source;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The record of one walk through a data set's pages, from the first page along {@code _links.next} to the last
 * (CONTRACT.md §2.3 rules 4 and 5): which pages were read, and how many records and pages that made. It refuses a
 * {@code next} link that repeats a page already read (the walk would never end), and at the end checks the records
 * and pages read against {@code totalResults} and §2.3 rule 2. This class is the one home of both rules; whoever
 * walks the pages ({@code fetchPage} of {@link DataApiClient}, then this) decides what a failed check means. A walk
 * interrupted and resumed (a restarted partition) counts on from what was read before.
 *
 * <p>Not thread-safe: one instance per walk, used by the thread that walks.
 */
public final class PageWalk {

    private final String resource;
    private final Set<String> hrefsRead = new HashSet<>();
    private final Set<Integer> pageNumbersRead = new HashSet<>();
    private long records;
    private long pages;
    private Page last;

    /** @param resource the paged resource, e.g. {@code /companies/42/data/invoices}, for messages */
    public PageWalk(String resource) {
        this(resource, 0, 0);
    }

    /**
     * A walk resumed after an earlier execution read some of it: those records and pages count
     * towards completeness, though their hrefs are not known (a link back to one is not seen as a loop).
     */
    public PageWalk(String resource, long recordsBefore, long pagesBefore) {
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

    /** Records on the pages of this walk so far, those before a resumption included. */
    public long records() {
        return records;
    }

    /** Pages of this walk so far, those before a resumption included. */
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
