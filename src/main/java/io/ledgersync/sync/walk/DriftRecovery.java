package io.ledgersync.sync.walk;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.ledgersync.source.PageWalk;
import io.ledgersync.sync.dataset.DataSet;

/**
 * How a walk that saw its data set move under it (page drift) recovers within the same partition, so that a run that
 * ends successfully leaves every record that existed at its end in the warehouse. Two ways, chosen by what the drift
 * can have done (bench/BENCHMARKS.md, "Page drift"):
 * <ul>
 *   <li>Records only pushed back (inserts ahead of the walk: {@code totalResults} grew, an id read twice): nothing was
 *       skipped but the new and changed records, which all carry a {@code modifiedDate} after the walk started. A
 *       catch-up read of {@code cursor >= walk start - lookback} (with the data set's filter) gets them: usually one
 *       page.</li>
 *   <li>Records pulled forward (deletes ahead of the walk: {@code totalResults} shrank, fewer records than announced),
 *       or a data set without a cursor: a record the walk skipped may be old, which only a walk of everything finds.
 *       The walk is read again whole, with its own query.</li>
 * </ul>
 * At most {@code maxRecoveries} passes: a data set that keeps moving fails the partition (resumable), so that neither
 * a watermark nor deletes are ever recorded from a walk that may have missed records. Thread-safe (immutable).
 */
public final class DriftRecovery {

    private final DataSet dataSet;
    private final Duration lookback;
    private final int maxRecoveries;
    private final Clock clock;

    public DriftRecovery(DataSet dataSet, Duration lookback, int maxRecoveries, Clock clock) {
        this.dataSet = dataSet;
        this.lookback = lookback;
        this.maxRecoveries = maxRecoveries;
        this.clock = clock;
    }

    /**
     * The next pass: its query, how it is described in the run's detail, and for a pass that reads everything again,
     * when it started (null otherwise): what it did not write since then is gone, rows deleted during the walk included.
     */
    record Pass(String query, String how, Instant wholeFrom) {
    }

    /**
     * @param walk the partition's planned walk; null for one of an older version (re-walked with no query but the filter)
     * @param pass the pass that just ended
     * @throws PageDriftException when the walk has recovered {@code maxRecoveries} times already
     */
    Pass next(Walk walk, PageWalk pass, DriftWatch drift, int recoveriesSoFar, String description) {
        if (recoveriesSoFar >= maxRecoveries) {
            throw new PageDriftException(description + ": the data set kept changing under the walk (" + drift.seen()
                    + ") after " + recoveriesSoFar + " recovery passes; nothing recorded as complete, a restart of the run"
                    + " resumes it");
        }
        Instant startedAt = walk == null ? null : walk.startedAt();
        if (drift.mayHaveSkipped() || dataSet.cursorField() == null || startedAt == null) {
            String query = walk == null ? dataSet.filter() : walk.query();
            return new Pass(query, "read again whole (" + pass.records() + " records read by the pass before)",
                    clock.instant().truncatedTo(ChronoUnit.MILLIS));
        }
        return new Pass(Walk.changedSince(dataSet, startedAt, lookback),
                "caught up with the changes since " + startedAt.minus(lookback) + " (walk start - lookback)", null);
    }

    /** The data set kept moving under every pass of the walk. */
    static final class PageDriftException extends RuntimeException {

        PageDriftException(String message) {
            super(message);
        }
    }
}
