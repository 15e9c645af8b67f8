package io.ledgersync.sync.walk;

import java.util.Optional;
import java.util.concurrent.Executor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.context.ApplicationEventPublisher;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.RecordParse;
import io.ledgersync.source.Page;
import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.PermanentFailures;
import io.ledgersync.sync.SyncEvent;

/**
 * Reads one data set (of one company) page by page, following {@code _links.next} (CONTRACT.md §2.3 rule 4) until it
 * is absent (rule 5). Each item is one page: with a chunk of one item, a chunk's commit is exactly one page, its rows
 * and the position after it together, so no partial page is ever committed.
 *
 * <p>Restart: the position ({@link PagePosition}) is the href of the page to read next and how many of its records
 * are already written, saved when the chunk commits ({@link PositionKeys}). A restarted reader fetches that page and
 * hands out what was not written, so no record is lost or written twice and at most one page is fetched again. A walk
 * whose last page was written (and that saw no drift to recover) is marked ended with it, so that a partition stopped
 * at that very boundary resumes without a request: a stop costs no page fetched twice.
 *
 * <p>Prefetch ({@link PageFetch}): when given an executor, the next page is fetched on it while the current page is
 * being written, so a partition waits for the Data API and the warehouse at the same time instead of in turn
 * (bench/BENCHMARKS.md, "Pipeline"). The prefetched page is never part of the saved position: it is handed out, and its
 * failures (409, 404, errors) surface, only when the reader gets to it, exactly as without prefetch. The price: two
 * pages in memory per partition, and a crash may also lose the page that was being prefetched, which the restart then
 * fetches once more.
 *
 * <p>A 409 (not ready) or a 404 "not supported by platform" ends the read without failing it, as
 * {@link PartitionOutcome#DEFERRED} or {@link PartitionOutcome#UNSUPPORTED} in the partition's context. A permanent
 * error fails this partition and stops the run's other partitions before they ask. Page drift is recovered within the
 * partition ({@link WalkPasses}).
 *
 * <p>Not thread-safe: one instance per partition (built for it with its chunk step); only the fetch of a prefetched page runs on
 * another thread, and it touches no state of the reader.
 */
public class DataSetItemReader implements ItemStreamReader<Page> {

    private static final Logger log = LoggerFactory.getLogger(DataSetItemReader.class);

    private final DataApiClient client;
    private final String path;
    private final String description;
    private final PageFetch fetch;
    private final WalkPasses passes;
    /** The page to read next and how many of its records are already written. */
    private PagePosition position;
    /** The last page handed out; null before the first and after an early end. */
    private Page page;
    private long recordsRead;
    private long pagesRead;
    private long recordsAtOpen;
    private long pagesAtOpen;
    private boolean finished;
    /** The walk had read its last page before this execution opened: it reads nothing. */
    private boolean endedBefore;

    /**
     * @param prefetcher runs the fetch of the next page while the current one is written; null: no prefetch
     * @param pageMargin pages read beyond those the first page announced before the walk is refused as endless
     * @param recovery how page drift is recovered within the partition
     */
    public DataSetItemReader(DataApiClient client, String dataSet, String path, String description, long runId,
            PermanentFailures permanentFailures, ApplicationEventPublisher events, Executor prefetcher, int pageMargin,
            DriftRecovery recovery) {
        this(client, RecordParse.IDS, dataSet, path, description, runId, permanentFailures, events, prefetcher, pageMargin,
                recovery);
    }

    /** @param parse how each record is read while its page is decoded, e.g. the data set's {@code RecordMapper} */
    public DataSetItemReader(DataApiClient client, RecordParse parse, String dataSet, String path, String description,
            long runId, PermanentFailures permanentFailures, ApplicationEventPublisher events, Executor prefetcher,
            int pageMargin, DriftRecovery recovery) {
        this.client = client;
        this.path = path;
        this.description = description;
        this.fetch = new PageFetch(client, parse, runId, dataSet, description, permanentFailures, events, prefetcher);
        this.passes = new WalkPasses(description, pageMargin, recovery,
                seen -> events.publishEvent(new SyncEvent.DriftDetected(runId, dataSet, seen)));
    }

    @Override
    public void open(ExecutionContext executionContext) {
        PartitionContext context = PartitionContext.of(executionContext);
        Optional<PagePosition> saved = context.position().current();
        // the walk's query (an incremental one's cursor condition, the data set's filter) is part of its restart state
        position = saved.orElse(new PagePosition(client.firstPageHref(path, context.plan().query()), 0));
        recordsRead = recordsAtOpen = context.counts().recordsRead();
        pagesRead = pagesAtOpen = context.counts().pagesRead();
        if (context.position().walkEnded()) {
            // stopped right after its last page committed: asking for that page again would only say that it was the last
            endedBefore = finished = true;
            log.info("{}: resuming after its last page ({} records): nothing left to read", description, recordsRead);
            return;
        }
        passes.open(context, position);
        if (saved.isPresent()) {
            log.info("{}: resuming at {} after {} records", description, position.href(), recordsRead);
        }
    }

    /** The next page, without the records a previous execution already wrote; null at the end. */
    @Override
    public Page read() {
        while (!finished) {
            Page next = advance();
            if (next == null) {
                finished = true;
            } else if (!next.results().isEmpty() || page.nextHref() == null) {
                return next;
            }
        }
        return null;
    }

    /**
     * Whether the walk is known to be over before {@link #read()} is asked again: the page handed out last was the
     * last one (no {@code next}) and its pass saw no drift to recover from. The step then ends after that page's chunk
     * instead of committing one more, empty, chunk to find the end ({@link WalkEndPolicy}).
     */
    public boolean walkEnded() {
        return finished || lastPageHandedOut();
    }

    /** The page handed out last had no {@code next}, and its pass saw no drift to recover from: nothing more to read. */
    private boolean lastPageHandedOut() {
        return page != null && page.nextHref() == null && !passes.recoveryDue();
    }

    /** Moves to the next page; null when there is none. */
    private Page advance() {
        if (page != null) {
            String next = page.nextHref();
            if (next == null) {
                // the pass was checked when its last page came (ShortWalk); drift it saw is recovered now
                DriftRecovery.Pass recovering = passes.endOfPass();
                if (recovering == null) {
                    return null;
                }
                next = client.firstPageHref(path, recovering.query());
            } else {
                passes.checkNext(next);
            }
            position = new PagePosition(next, 0);
        }
        page = fetch.take(position.href());
        if (page == null) {
            return null;
        }
        passes.add(page);
        pagesRead++;
        int written = Math.min(position.written(), page.results().size());
        Page unwritten = written == 0 ? page
                : new Page(page.href(), page.results().subList(written, page.results().size()), page.pageNumber(),
                        page.pageSize(), page.totalResults(), page.nextHref());
        recordsRead += unwritten.results().size();
        // a link back to an earlier page is left for the next advance() to refuse
        if (page.nextHref() != null && !passes.hasRead(page.nextHref())) {
            fetch.ahead(page.nextHref());
        }
        return unwritten;
    }

    /** A page still being prefetched when the step ends (stopped, failed) is dropped unread. */
    @Override
    public void close() {
        fetch.cancel();
    }

    /** Called when the chunk of the page handed out last commits: the position moves past that page. */
    @Override
    public void update(ExecutionContext executionContext) {
        PartitionContext context = PartitionContext.of(executionContext);
        if (page != null) {
            // A page is always written whole: next comes the page after it, or, after the last, nothing more of it.
            context.position().save(page.nextHref() != null ? new PagePosition(page.nextHref(), 0)
                    : new PagePosition(page.href(), page.results().size()));
            if (lastPageHandedOut()) {
                context.position().saveWalkEnded();
            }
            context.position().saveTotalResults(page.totalResults());
        }
        context.counts().save(recordsRead, pagesRead, recordsRead - recordsAtOpen, pagesRead - pagesAtOpen);
        if (endedBefore) {
            return; // nothing read: the passes stay as the execution that read the last page saved them
        }
        passes.save(context.recovery());
        PageFetch.EarlyEnd early = fetch.endedEarly();
        if (early != null) {
            context.outcome().saveEndedEarly(early.outcome(), early.cause().getMessage(), early.cause().correlationId());
        }
    }
}
