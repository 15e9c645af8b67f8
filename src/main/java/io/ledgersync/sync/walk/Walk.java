package io.ledgersync.sync.walk;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import io.ledgersync.sync.dataset.DataSet;

/**
 * How one partition reads its data set: whole ({@link Kind#FULL}) or only what changed since its watermark
 * ({@link Kind#INCREMENTAL}), and the Data API query that says so. The one home of the rule that decides it and of
 * the query it sends. Immutable.
 *
 * @param query the {@code query} parameter (not yet URL-encoded), or null for none
 * @param startedAt when the walk was planned, before any of its pages was asked for: rows of the data set not written
 *     since were not in the source when a complete full walk read it, and the watermark is never later than this
 */
public record Walk(Kind kind, String query, Instant startedAt) {

    /** Whole, or from the watermark minus the lookback. */
    public enum Kind {
        FULL, INCREMENTAL;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A company data set with a cursor and a watermark is read incrementally unless the run is a full refresh;
     * everything else (no cursor, no watermark yet, top-level data sets) is walked whole. The YAML's filter applies to
     * both.
     */
    public static Walk plan(DataSet dataSet, boolean fullRefresh, Instant watermark, Duration lookback, Instant now) {
        // whole milliseconds: synced_at keeps microseconds, and a start rounded down never excludes a row it wrote
        Instant startedAt = now.truncatedTo(ChronoUnit.MILLIS);
        if (fullRefresh || watermark == null || dataSet.cursorField() == null || !dataSet.perCompany()) {
            return new Walk(Kind.FULL, dataSet.filter(), startedAt);
        }
        return new Walk(Kind.INCREMENTAL, query(dataSet.filter(), dataSet.cursorField(), watermark.minus(lookback)), startedAt);
    }

    /**
     * The query of a walk (contract/README.md, "Query language"): the data set's filter and the cursor condition, each
     * grouped in {@code { }} and joined by {@code &&} when there are both, so that an {@code ||} in the filter cannot
     * swallow the cursor condition. The instant is cut to whole seconds, rounding down: a little more is read, never less.
     */
    static String query(String filter, String cursorField, Instant since) {
        String cursor = since == null ? null
                : cursorField + ">=" + since.truncatedTo(ChronoUnit.SECONDS).toString();
        if (filter == null) {
            return cursor;
        }
        return cursor == null ? filter : "{" + filter + "}&&{" + cursor + "}";
    }

    /** The same walk reading again only what changed since {@code since}: a catch-up after page drift. */
    Walk catchUp(DataSet dataSet, Instant since) {
        return new Walk(kind, query(dataSet.filter(), dataSet.cursorField(), since), startedAt);
    }

    public boolean full() {
        return kind == Kind.FULL;
    }
}
