package io.ledgersync.source;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The record of one walk through a data set's pages, from the first page along {@code _links.next} to the last
 * (CONTRACT.md §2.3 rules 4 and 5): which pages were read, and how many records and pages that made. It refuses a
 * {@code next} link that repeats a page already read (the walk would never end) or names a page other than the next
 * one, stops a walk that goes on past the pages page 1 announced plus a margin (a source that always has a
 * {@code next}), and at the end checks the records and pages read against {@code totalResults} and §2.3 rule 2. This
 * class is the one home of these rules; whoever walks the pages ({@code fetchPage} of {@link DataApiClient}, then
 * this) decides what a failed check means. A walk interrupted and resumed (a restarted partition) counts on from what
 * was read before.
 *
 * <p>{@link #add} checks a page whole before it is handed on, its link included: a page that fails is never written,
 * and the walk's resume point stays before it (issue 17).
 *
 * <p>Not thread-safe: one instance per walk, used by the thread that walks.
 */
public final class PageWalk {

    private final String resource;
    /** Pages allowed beyond those the first page read announced, before the walk is refused as endless. */
    private final int pageMargin;
    private long pageCap = -1;
    private final Set<String> hrefsRead = new HashSet<>();
    private final Set<Integer> pageNumbersRead = new HashSet<>();
    private long records;
    private long pages;
    private Page last;

    /** @param resource the paged resource, e.g. {@code /companies/42/data/invoices}, for messages */
    public PageWalk(String resource) {
        this(resource, 0, 0, DEFAULT_PAGE_MARGIN);
    }

    /**
     * The margin of walks that tools and tests build without one: as many pages again as announced is never reached by
     * them. The service's margin is {@code ledgersync.sync.page-margin} (config/application.yml).
     */
    static final int DEFAULT_PAGE_MARGIN = Integer.MAX_VALUE / 2;

    /**
     * A walk resumed after an earlier execution read some of it: those records and pages count
     * towards completeness, though their hrefs are not known (a link back to one is not seen as a loop).
     */
    public PageWalk(String resource, long recordsBefore, long pagesBefore) {
        this(resource, recordsBefore, pagesBefore, DEFAULT_PAGE_MARGIN);
    }

    /**
     * @param pageMargin pages allowed beyond ceil(totalResults / pageSize) of the first page this walk reads (page 1,
     *        or the page a resumed walk starts at)
     */
    public PageWalk(String resource, long recordsBefore, long pagesBefore, int pageMargin) {
        if (pageMargin < 0) {
            throw new IllegalArgumentException("the page margin must not be negative, was " + pageMargin);
        }
        this.resource = resource;
        this.pageMargin = pageMargin;
        this.records = recordsBefore;
        this.pages = pagesBefore;
    }

    /**
     * Counts a page just read from {@code page.href()}; throws when it repeats a page already read, when its
     * {@code next} link names another page than the next one, or when the walk has gone past its page cap.
     */
    public void add(Page page) {
        if (!pageNumbersRead.add(page.pageNumber())) {
            throw new MalformedResponseException("GET " + page.href(), "page " + page.pageNumber()
                    + " was already read: the '_links.next' chain of " + resource + " runs in a loop");
        }
        hrefsRead.add(normalize(page.href()));
        if (page.nextHref() != null && hasRead(page.nextHref())) {
            throw new MalformedResponseException("GET " + page.href(), "'_links.next' (" + page.nextHref()
                    + ") repeats a page already read: the '_links.next' chain of " + resource + " runs in a loop");
        }
        checkNextPageNumber(page);
        if (pageCap < 0) {
            pageCap = Math.max(1, page.pageCount()) + pageMargin; // an empty data set is still one page
        }
        if (pages + 1 > pageCap) {
            throw new PageCapException(page.href(), resource, pages + 1, pageCap - pageMargin, pageMargin);
        }
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

    /**
     * §2.3 rule 4: {@code next} is the page after this one. A link whose {@code page} parameter says otherwise (0, a
     * page far ahead, not a number) would skip or repeat records, so it is refused with the page that carries it.
     */
    private void checkNextPageNumber(Page page) {
        String next = page.nextHref();
        if (next == null) {
            return;
        }
        String number = queryParameter(next, "page");
        if (number != null && !number.equals(Long.toString(page.pageNumber() + 1L))) {
            throw new MalformedResponseException("GET " + page.href(), "'_links.next' (" + next + ") names page '"
                    + number + "', not page " + (page.pageNumber() + 1L) + " after page " + page.pageNumber() + " of " + resource);
        }
    }

    /** The value of a query parameter of an href as sent (not decoded), or null. */
    static String queryParameter(String href, String name) {
        int query = href.indexOf('?');
        if (query < 0) {
            return null;
        }
        int fragment = href.indexOf('#', query);
        for (String parameter : href.substring(query + 1, fragment < 0 ? href.length() : fragment).split("&")) {
            if (parameter.startsWith(name + "=")) {
                return parameter.substring(name.length() + 1);
            }
        }
        return null;
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
