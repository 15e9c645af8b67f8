package io.ledgersync.sync.walk;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.DataApiException;
import io.ledgersync.source.DataSetNotReadyException;
import io.ledgersync.source.RecordParse;
import io.ledgersync.source.DataTypeNotSupportedException;
import io.ledgersync.source.Page;
import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.PermanentFailures;
import io.ledgersync.sync.RunStoppedException;
import io.ledgersync.sync.SyncEvent;

/**
 * Asks the Data API for a partition's pages, one at a time or, given an executor, the next one ahead while the current
 * one is written ({@link Prefetch}). Before each request it checks that the run was not stopped by another partition's
 * permanent failure, and a permanent failure of its own stops the others at once. A 409 (not ready) or a 404 "not
 * supported by platform" ends the read without failing it ({@link #endedEarly}); any other failure fails it, when the
 * reader gets to that page, exactly as without prefetch.
 *
 * <p>Not thread-safe: one per reader; only the fetch itself runs on the executor, and it touches no state of this class.
 */
final class PageFetch {

    private static final Logger log = LoggerFactory.getLogger(PageFetch.class);

    private final DataApiClient client;
    /** How each record is read while its page is decoded: the data set's mapper, so that nothing parses it again. */
    private final RecordParse parse;
    private final long runId;
    private final String dataSet;
    private final String description;
    private final PermanentFailures permanentFailures;
    private final ApplicationEventPublisher events;
    private final Prefetch<Fetched> prefetch;
    /** Why the read ended early; null while it has not. */
    private EarlyEnd endedEarly;

    /** A page and how long asking for it took. */
    private record Fetched(Page page, Duration took) {
    }

    /** A read ended early without failing: {@code DEFERRED} or {@code UNSUPPORTED}, and the Data API's answer. */
    record EarlyEnd(PartitionOutcome outcome, DataApiException cause) {
    }

    /** @param prefetcher runs the fetch of the next page while the current one is written; null: no prefetch */
    PageFetch(DataApiClient client, RecordParse parse, long runId, String dataSet, String description,
            PermanentFailures permanentFailures, ApplicationEventPublisher events, Executor prefetcher) {
        this.client = client;
        this.parse = parse;
        this.runId = runId;
        this.dataSet = dataSet;
        this.description = description;
        this.permanentFailures = permanentFailures;
        this.events = events;
        this.prefetch = new Prefetch<>(prefetcher);
    }

    /** The page at {@code href}, fetched ahead or now; null when a 409 or 404 ended the read here. */
    Page take(String href) {
        return settle(() -> prefetch.take(href, () -> fetch(href)));
    }

    /** Starts fetching the page the reader will read next, when prefetching. */
    void ahead(String href) {
        if (prefetch.enabled()) {
            prefetch.start(href, () -> fetch(href));
        }
    }

    /** Drops a page still being fetched ahead (the step stopped or failed): it is never handed out. */
    void cancel() {
        prefetch.cancel();
    }

    /** Why the read ended early, or null when it did not. */
    EarlyEnd endedEarly() {
        return endedEarly;
    }

    /** Asks for one page. Touches no state of this class, since it may run on the prefetcher. */
    private Fetched fetch(String href) {
        permanentFailures.of(runId).ifPresent(cause -> {
            throw new RunStoppedException(cause);
        });
        try {
            long started = System.nanoTime();
            Page fetched = client.fetchPage(href, parse);
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
        log.info("{}: {} ({})", description,
                outcome == PartitionOutcome.DEFERRED ? "not ready, deferred" : "not supported, skipped", cause.getMessage());
        endedEarly = new EarlyEnd(outcome, cause);
        return null;
    }
}
