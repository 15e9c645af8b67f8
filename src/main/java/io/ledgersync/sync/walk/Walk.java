package io.ledgersync.sync.walk;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.ledgersync.sync.dataset.DataSet;

/**
 * How one partition reads its data set: whole ({@link Kind#FULL}) or only what changed since its watermark
 * ({@link Kind#INCREMENTAL}), and the Data API query that says so; {@link WalkPlanner} decides which. The one home of
 * the query a walk sends. Immutable.
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
     * The query that reads what changed since {@code mark} minus the lookback, within the data set's filter: an
     * incremental walk's from its watermark, a catch-up's after page drift from the walk's start.
     */
    static String changedSince(DataSet dataSet, Instant mark, Duration lookback) {
        return query(dataSet.filter(), dataSet.cursorField(), mark.minus(lookback));
    }

    /**
     * The query of a walk (docs/CONTRACT.md, §10 the query language): the data set's filter and the cursor condition, each
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

    public boolean full() {
        return kind == Kind.FULL;
    }
}
