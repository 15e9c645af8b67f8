package io.ledgersync.sync;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.context.ApplicationEventPublisher;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.DataApiException;
import io.ledgersync.source.DataSetNotReadyException;
import io.ledgersync.source.DataTypeNotSupportedException;
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
 * <p>A 409 (not ready) or a 404 "not supported by platform" ends the read without failing it; the
 * reason is left under {@code outcome} for the step's listener to record. A permanent error
 * (400/401/402/403) fails this partition and stops the run's other partitions before they ask.
 *
 * <p>Not thread-safe: one instance per partition (it is step-scoped).
 */
class DataSetItemReader implements ItemStreamReader<SourceRecord> {

    static final String PAGE_HREF = "page.href";
    static final String PAGE_OFFSET = "page.offset";
    static final String RECORDS_READ = "records.read";
    static final String PAGES_READ = "pages.read";
    static final String TOTAL_RESULTS = "total.results";
    static final String OUTCOME = "outcome";
    static final String OUTCOME_ERROR = "outcome.error";
    static final String OUTCOME_CORRELATION_ID = "outcome.correlationId";

    /** Why a read ended early without failing. */
    enum Outcome { NOT_READY, UNSUPPORTED }

    private static final Logger log = LoggerFactory.getLogger(DataSetItemReader.class);

    private final DataApiClient client;
    private final String description;
    private final String firstHref;
    private final long runId;
    private final String dataSet;
    private final PermanentFailures permanentFailures;
    private final ApplicationEventPublisher events;

    private String href;
    private int skip;
    private Page page;
    private List<SourceRecord> records = List.of();
    private int index;
    private long recordsRead;
    private long pagesRead;
    private boolean finished;
    private final Set<String> visited = new HashSet<>();
    private Outcome outcome;
    private DataApiException outcomeCause;

    DataSetItemReader(DataApiClient client, String dataSet, String path, String description, long runId,
            PermanentFailures permanentFailures, ApplicationEventPublisher events) {
        this.client = client;
        this.dataSet = dataSet;
        this.description = description;
        this.firstHref = client.firstPageHref(path);
        this.runId = runId;
        this.permanentFailures = permanentFailures;
        this.events = events;
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
            href = next;
        }
        if (!visited.add(href)) {
            throw new MalformedResponseException("GET " + href, "'_links.next' leads back to a page already read");
        }
        page = fetch(href);
        if (page == null) {
            return false;
        }
        pagesRead++;
        records = page.results();
        index = Math.min(skip, records.size());
        skip = 0;
        return true;
    }

    private Page fetch(String pageHref) {
        permanentFailures.of(runId).ifPresent(cause -> {
            throw new RunStoppedException(cause);
        });
        try {
            long started = System.nanoTime();
            Page fetched = client.fetchPage(pageHref);
            events.publishEvent(new SyncEvent.PageRead(runId, dataSet, fetched.results().size(),
                    Duration.ofNanos(System.nanoTime() - started)));
            return fetched;
        } catch (DataSetNotReadyException e) {
            return endEarly(Outcome.NOT_READY, e);
        } catch (DataTypeNotSupportedException e) {
            return endEarly(Outcome.UNSUPPORTED, e);
        } catch (DataApiException e) {
            if (PermanentFailures.isPermanent(e)) {
                permanentFailures.record(runId, e);
            }
            throw e;
        }
    }

    private Page endEarly(Outcome reason, DataApiException cause) {
        log.info("{}: {} ({})", description, reason == Outcome.NOT_READY ? "not ready, deferred" : "not supported, skipped",
                cause.getMessage());
        outcome = reason;
        outcomeCause = cause;
        page = null;
        return null;
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
            context.putLong(TOTAL_RESULTS, page.totalResults());
        }
        context.putLong(RECORDS_READ, recordsRead);
        context.putLong(PAGES_READ, pagesRead);
        if (outcome != null) {
            context.putString(OUTCOME, outcome.name());
            context.putString(OUTCOME_ERROR, String.valueOf(outcomeCause.getMessage()));
            if (outcomeCause.correlationId() != null) {
                context.putString(OUTCOME_CORRELATION_ID, outcomeCause.correlationId());
            }
        }
    }
}
