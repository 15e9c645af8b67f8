package io.ledgersync.sync.walk;

import java.time.Duration;
import java.time.Instant;
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
import io.ledgersync.source.PageWalk;
import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.PermanentFailures;
import io.ledgersync.sync.RunStoppedException;
import io.ledgersync.sync.SyncEvent;

/**
 * Reads one data set (of one company) page by page, following {@code _links.next} (CONTRACT.md
 * §2.3 rule 4) until it is absent (rule 5). Each item is one page: with a chunk of one item, a
 * chunk's commit is exactly one page, its rows and the position after it together, so no partial
 * page is ever committed.
 *
 * <p>Restart: the position ({@link PartitionContext.Position}) is the href of the page to read next
 * and how many of its records are already written, saved when the chunk commits. A restarted reader
 * fetches that page and hands out what was not written, so no record is lost or written twice and at
 * most one page is fetched again.
 *
 * <p>Prefetch: when given an executor, the next page is fetched on it while the current page is being
 * written, so a partition waits for the Data API and the warehouse at the same time instead of in turn
 * (bench/BENCHMARKS.md, "Pipeline"). The prefetched page is never part of the saved position: it is
 * handed out, and its failures (409, 404, errors) surface, only when the reader gets to it, exactly as
 * without prefetch. The price: two pages in memory per partition, and a crash may also lose the page
 * that was being prefetched, which the restart then fetches once more.
 *
 * <p>A 409 (not ready) or a 404 "not supported by platform" ends the read without failing it, as
 * {@link PartitionOutcome#DEFERRED} or {@link PartitionOutcome#UNSUPPORTED} in the partition's
 * context. A permanent error fails this partition and stops the run's other partitions before they ask.
 *
 * <p>Not thread-safe: one instance per partition (it is step-scoped); only the fetch of a prefetched
 * page runs on another thread, and it touches no state of the reader.
 */
public class DataSetItemReader implements ItemStreamReader<Page> {

    private static final Logger log = LoggerFactory.getLogger(DataSetItemReader.class);

    private final DataApiClient client;
    private final String description;
    private final String path;
    private final long runId;
    private final String dataSet;
    private final PermanentFailures permanentFailures;
    private final ApplicationEventPublisher events;
    private final Prefetch<Fetched> prefetch;
    private final int pageMargin;

    /** The record of this walk through the pages: refuses a link back to a page already read, checks the end. */
    private PageWalk walk;
    /** The page to read next and how many of its records are already written. */
    private PartitionContext.Position position;
    /** The last page handed out; null before the first and after an early end. */
    private Page page;
    private long recordsRead;
    private long pagesRead;
    private long recordsAtOpen;
    private long pagesAtOpen;
    private boolean finished;
    private PartitionOutcome endedEarly;
    private DataApiException endedEarlyCause;
    /** How page drift is recovered; null: none (a walk that ends short fails its partition). */
    private final DriftRecovery recovery;
    /** The page drift the current pass saw. */
    private DriftWatch drift = new DriftWatch();
    /** The drift seen and recovered so far in this walk, for the run's detail; null: none. */
    private String driftNote;
    /** The recovery passes made so far. */
    private int recoveries;
    /** When the last pass that read everything again began; null: none did. */
    private Instant wholeFrom;
    /** The partition's walk as planned; null for a partition of a version before walks. */
    private Walk walkPlan;

    /** A page and how long asking for it took. */
    private record Fetched(Page page, Duration took) {
    }

    /**
     * @param prefetcher runs the fetch of the next page while the current one is written; null: no prefetch
     * @param pageMargin pages read beyond those the first page announced before the walk is refused as endless
     */
    public DataSetItemReader(DataApiClient client, String dataSet, String path, String description, long runId,
            PermanentFailures permanentFailures, ApplicationEventPublisher events, Executor prefetcher, int pageMargin) {
        this(client, dataSet, path, description, runId, permanentFailures, events, prefetcher, pageMargin, null);
    }

    /** @param recovery how page drift is recovered within the partition; null: a walk that ends short fails it */
    public DataSetItemReader(DataApiClient client, String dataSet, String path, String description, long runId,
            PermanentFailures permanentFailures, ApplicationEventPublisher events, Executor prefetcher, int pageMargin,
            DriftRecovery recovery) {
        this.recovery = recovery;
        this.pageMargin = pageMargin;
        this.client = client;
        this.dataSet = dataSet;
        this.description = description;
        this.path = path;
        this.runId = runId;
        this.permanentFailures = permanentFailures;
        this.events = events;
        this.prefetch = new Prefetch<>(prefetcher);
    }

    @Override
    public void open(ExecutionContext executionContext) {
        PartitionContext context = PartitionContext.of(executionContext);
        // the walk's query (an incremental one's cursor condition, the data set's filter) is part of its restart state
        position = context.position().orElse(new PartitionContext.Position(client.firstPageHref(path, context.walkQuery()), 0));
        recordsRead = recordsAtOpen = context.recordsRead();
        pagesRead = pagesAtOpen = context.pagesRead();
        // A position inside a page (or after the last) re-reads that page, which is then counted again.
        boolean rereads = position.written() > 0;
        // a walk resumed inside a recovery pass counts that pass's records only
        long passRecords = context.passRecords().orElse(recordsRead);
        long passPages = context.passPages().orElse(pagesRead);
        walk = new PageWalk(description, passRecords - position.written(), Math.max(0, passPages - (rereads ? 1 : 0)),
                pageMargin);
        if (context.position().isPresent()) {
            log.info("{}: resuming at {} after {} records", description, position.href(), recordsRead);
        }
        driftNote = context.drift();
        recoveries = context.recoveries();
        walkPlan = context.walk().orElse(null);
        if (context.passDrift() != null) {
            drift.seenBefore(context.passDrift()); // seen before the restart, in this pass: recover at its end
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

    /** Moves to the next page; null when there is none. */
    private Page advance() {
        if (page != null) {
            String next = page.nextHref();
            if (next == null) {
                // the walk was checked when its last page came (ShortWalk); drift it saw is recovered now
                next = endOfPass();
                if (next == null) {
                    return null;
                }
            } else {
                walk.checkNext(next);
            }
            position = new PartitionContext.Position(next, 0);
        }
        String href = position.href();
        page = settle(() -> prefetch.take(href, () -> fetch(href)));
        if (page == null) {
            return null;
        }
        if (recovery != null && drift.check(page)) {
            log.info("{}: page drift: {}; recovered once this pass ends", description, drift.seen());
        }
        walk.add(page);
        if (page.nextHref() == null) {
            ShortWalk.check(walk);
        }
        pagesRead++;
        int written = Math.min(position.written(), page.results().size());
        Page unwritten = written == 0 ? page
                : new Page(page.href(), page.results().subList(written, page.results().size()), page.pageNumber(),
                        page.pageSize(), page.totalResults(), page.nextHref());
        recordsRead += unwritten.results().size();
        prefetch(page.nextHref());
        return unwritten;
    }

    /** Starts fetching the next page in the background; a link back to an earlier page is left for advance() to refuse. */
    private void prefetch(String nextHref) {
        if (prefetch.enabled() && nextHref != null && !walk.hasRead(nextHref)) {
            prefetch.start(nextHref, () -> fetch(nextHref));
        }
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
            return endEarly(PartitionOutcome.DEFERRED, e);
        } catch (DataTypeNotSupportedException e) {
            return endEarly(PartitionOutcome.UNSUPPORTED, e);
        }
    }

    private Page endEarly(PartitionOutcome outcome, DataApiException cause) {
        log.info("{}: {} ({})", description, outcome == PartitionOutcome.DEFERRED ? "not ready, deferred" : "not supported, skipped",
                cause.getMessage());
        endedEarly = outcome;
        endedEarlyCause = cause;
        page = null;
        return null;
    }

    /**
     * The end of a pass: when the data set moved under it (page drift), starts a recovery pass ({@link DriftRecovery}): the href to read next, or null when the walk is done.
     */
    private String endOfPass() {
        if (recovery == null || drift.seen() == null) {
            return null;
        }
        DriftRecovery.Pass pass = recovery.next(walkPlan, walk, drift, recoveries, description);
        recoveries++;
        driftNote = (driftNote == null ? "" : driftNote + "; ") + "page drift: " + drift.seen() + " -> " + pass.how();
        events.publishEvent(new SyncEvent.DriftDetected(runId, dataSet, drift.seen()));
        log.info("{}: page drift ({}): {}", description, drift.seen(), pass.how());
        walk = new PageWalk(description, 0, 0, pageMargin);
        drift = new DriftWatch();
        if (pass.wholeFrom() != null) {
            wholeFrom = pass.wholeFrom();
        }
        return client.firstPageHref(path, pass.query());
    }

    /** A page still being prefetched when the step ends (stopped, failed) is dropped unread. */
    @Override
    public void close() {
        prefetch.cancel();
    }

    /** Called when the chunk of the page handed out last commits: the position moves past that page. */
    @Override
    public void update(ExecutionContext executionContext) {
        PartitionContext context = PartitionContext.of(executionContext);
        if (page != null) {
            // A page is always written whole: next comes the page after it, or, after the last, nothing more of it.
            context.savePosition(page.nextHref() != null ? new PartitionContext.Position(page.nextHref(), 0)
                    : new PartitionContext.Position(page.href(), page.results().size()));
            context.saveTotalResults(page.totalResults());
        }
        context.saveCounts(recordsRead, pagesRead, recordsRead - recordsAtOpen, pagesRead - pagesAtOpen);
        if (driftNote != null) {
            context.saveDrift(driftNote);
        }
        context.saveRecoveries(recoveries);
        if (wholeFrom != null) {
            context.saveWholeFrom(wholeFrom);
        }
        if (recoveries > 0) {
            context.savePassCounts(walk.records(), walk.pages()); // a recovery pass counts on its own
        }
        context.savePassDrift(drift.seen());
        if (endedEarly != null) {
            context.saveEndedEarly(endedEarly, endedEarlyCause.getMessage(), endedEarlyCause.correlationId());
        }
    }
}
