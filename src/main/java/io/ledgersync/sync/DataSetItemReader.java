package io.ledgersync.sync;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.MalformedResponseException;
import io.ledgersync.source.Page;
import io.ledgersync.source.SourceRecord;

/**
 * Reads every record of one data set (of one company) page by page, following {@code _links.next}
 * (data-api.md §2.3 rule 4) until it is absent (rule 5).
 *
 * <p>Restart: the position is the href of the page being consumed and how many of its records
 * were handed out, saved under {@code page.href} and {@code page.offset} when the chunk commits.
 * A restarted reader fetches that one page again and skips what was already written, so no record
 * is lost or written twice and at most one page is fetched again.
 *
 * <p>Not thread-safe: one instance per partition (it is step-scoped).
 */
class DataSetItemReader implements ItemStreamReader<SourceRecord> {

    static final String PAGE_HREF = "page.href";
    static final String PAGE_OFFSET = "page.offset";
    static final String RECORDS_READ = "records.read";
    static final String PAGES_READ = "pages.read";

    private static final Logger log = LoggerFactory.getLogger(DataSetItemReader.class);

    private final DataApiClient client;
    private final String description;
    private final String firstHref;

    private String href;
    private int skip;
    private Page page;
    private List<SourceRecord> records = List.of();
    private int index;
    private long recordsRead;
    private long pagesRead;
    private boolean finished;

    DataSetItemReader(DataApiClient client, String path, String description) {
        this.client = client;
        this.description = description;
        this.firstHref = client.firstPageHref(path);
    }

    @Override
    public void open(ExecutionContext context) {
        href = context.getString(PAGE_HREF, firstHref);
        skip = context.getInt(PAGE_OFFSET, 0);
        recordsRead = context.getLong(RECORDS_READ, 0L);
        pagesRead = context.getLong(PAGES_READ, 0L);
        if (context.containsKey(PAGE_HREF)) {
            log.info("{}: resuming at {} after {} records", description, href, recordsRead);
        }
    }

    @Override
    public SourceRecord read() {
        while (index >= records.size()) {
            if (finished || !advance()) {
                finished = true;
                return null;
            }
        }
        recordsRead++;
        return records.get(index++);
    }

    /** Moves to the next page to consume; false when there is none. */
    private boolean advance() {
        if (page != null) {
            String next = page.nextHref();
            if (next == null) {
                checkTotal();
                return false;
            }
            if (next.equals(page.href())) {
                throw new MalformedResponseException("GET " + next, "'_links.next' points at the page itself");
            }
            href = next;
        }
        page = client.fetchPage(href);
        pagesRead++;
        records = page.results();
        index = Math.min(skip, records.size());
        skip = 0;
        return true;
    }

    private void checkTotal() {
        if (recordsRead != page.totalResults()) {
            log.warn("{}: read {} records but the last page reports totalResults {} (records may have been added or removed during the sync)",
                    description, recordsRead, page.totalResults());
        }
    }

    @Override
    public void update(ExecutionContext context) {
        if (page != null) {
            boolean pageConsumed = index >= records.size() && page.nextHref() != null;
            context.putString(PAGE_HREF, pageConsumed ? page.nextHref() : page.href());
            context.putInt(PAGE_OFFSET, pageConsumed ? 0 : index);
        }
        context.putLong(RECORDS_READ, recordsRead);
        context.putLong(PAGES_READ, pagesRead);
    }
}
