package io.ledgersync.sync;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.context.ApplicationEventPublisher;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.DataApiException;
import io.ledgersync.source.DataSetNotReadyException;
import io.ledgersync.source.DataTypeNotSupportedException;
import io.ledgersync.source.Page;
import io.ledgersync.source.PageTally;
import io.ledgersync.source.SourceRecord;

/**
 * Reads every record of one data set (of one company) page by page, following {@code _links.next}
 * (CONTRACT.md §2.3 rule 4) until it is absent (rule 5).
 *
 * <p>Restart: the position is the href of the page being consumed and how many of its records
 * were handed out, saved under {@code page.href} and {@code page.offset} when the chunk commits.
 * A restarted reader fetches that one page again and skips what was already written, so no record
 * is lost or written twice and at most one page is fetched again.
 *
 * <p>Prefetch: when given an executor, the next page is fetched on it while the current page's chunk is
 * being written, so a partition waits for the Data API and the warehouse at the same time instead of in
 * turn (bench/BENCHMARKS.md, "Pipeline"). The prefetched page is never part of the saved position: it
 * is handed out, and its failures (409, 404, errors) surface, only when the reader gets to it, exactly as
 * without prefetch. The price: two pages in memory per partition, and a crash may also lose the page
 * that was being prefetched, which the restart then fetches once more.
 *
 * <p>A 409 (not ready) or a 404 "not supported by platform" ends the read without failing it; the
 * reason is left under {@code outcome} for the step's listener to record. A permanent error
 * (400/401/402/403) fails this partition and stops the run's other partitions before they ask.
 *
 * <p>Not thread-safe: one instance per partition (it is step-scoped); only the fetch of a prefetched
 * page runs on another thread, and it touches no state of the reader.
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
    private final Executor prefetcher;

    private String href;
    private int skip;
    private Page page;
    private List<SourceRecord> records = List.of();
    private int index;
    private long recordsRead;
    private long pagesRead;
    private boolean finished;
    /** The client's own check of the '_links.next' chain: a link back to a page already read is a loop. */
    private final PageTally tally;
    private Outcome outcome;
    private DataApiException outcomeCause;
    /** The page after {@link #page}, being fetched on the prefetcher, and its href; null when none is. */
    private CompletableFuture<Fetched> ahead;
    private String aheadHref;

    /** A page and how long asking for it took. */
    private record Fetched(Page page, Duration took) {
    }

    /** A reader that fetches each page only when it gets to it. */
    DataSetItemReader(DataApiClient client, String dataSet, String path, String description, long runId,
            PermanentFailures permanentFailures, ApplicationEventPublisher events) {
        this(client, dataSet, path, description, runId, permanentFailures, events, null);
    }

    /** @param prefetcher runs the fetch of the next page while the current one is written; null: no prefetch */
    DataSetItemReader(DataApiClient client, String dataSet, String path, String description, long runId,
            PermanentFailures permanentFailures, ApplicationEventPublisher events, Executor prefetcher) {
        this.client = client;
        this.dataSet = dataSet;
        this.description = description;
        this.tally = new PageTally(description);
        this.firstHref = client.firstPageHref(path);
        this.runId = runId;
        this.permanentFailures = permanentFailures;
        this.events = events;
        this.prefetcher = prefetcher;
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
            tally.checkNext(next);
            href = next;
        }
        CompletableFuture<Fetched> prefetched = href.equals(aheadHref) ? ahead : null;
        ahead = null;
        aheadHref = null;
        String pageHref = href;
        page = settle(prefetched != null ? () -> join(prefetched) : () -> fetch(pageHref));
        if (page == null) {
            return false;
        }
        tally.add(page);
        pagesRead++;
        records = page.results();
        index = Math.min(skip, records.size());
        skip = 0;
        prefetch(page.nextHref());
        return true;
    }

    /** Starts fetching the next page in the background; a link back to an earlier page is left for advance() to refuse. */
    private void prefetch(String nextHref) {
        if (prefetcher == null || nextHref == null || tally.hasRead(nextHref)) {
            return;
        }
        aheadHref = nextHref;
        ahead = CompletableFuture.supplyAsync(() -> fetch(nextHref), prefetcher);
    }

    /** Asks for one page. Touches no state of the reader, since it may run on the prefetcher. */
    private Fetched fetch(String pageHref) {
        permanentFailures.of(runId).ifPresent(cause -> {
            throw new RunStoppedException(cause);
        });
        try {
            long started = System.nanoTime();
            Page fetched = client.fetchPage(pageHref);
            return new Fetched(fetched, Duration.ofNanos(System.nanoTime() - started));
        } catch (DataApiException e) {
            if (PermanentFailures.isPermanent(e)) {
                // at once, so that the other partitions stop asking even while this one is still writing
                permanentFailures.record(runId, e);
            }
            throw e;
        }
    }

    /** Takes a fetched page on the reader's own thread: a 409 or 404 ends the read here, any other failure fails it. */
    private Page settle(Supplier<Fetched> fetching) {
        try {
            Fetched fetched = fetching.get();
            events.publishEvent(new SyncEvent.PageRead(runId, dataSet, fetched.page().results().size(), fetched.took()));
            return fetched.page();
        } catch (DataSetNotReadyException e) {
            return endEarly(Outcome.NOT_READY, e);
        } catch (DataTypeNotSupportedException e) {
            return endEarly(Outcome.UNSUPPORTED, e);
        }
    }

    /** The prefetched page, or what its fetch threw, as if it had been fetched on this thread. */
    private static Fetched join(CompletableFuture<Fetched> prefetched) {
        try {
            return prefetched.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
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

    /** A page still being prefetched when the step ends (stopped, failed) is dropped unread. */
    @Override
    public void close() {
        if (ahead != null) {
            ahead.cancel(false);
            ahead = null;
            aheadHref = null;
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
