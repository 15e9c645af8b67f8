package io.ledgersync.sync.walk;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The part of a partition's context that says where its walk stands, saved with each committed page: the page to read
 * next ({@link PagePosition}), the {@code totalResults} the last page announced, the run that began the walk, and the
 * newest cursor value written, and whether the walk has read its last page. Not thread-safe, like the context.
 */
public final class PositionKeys {

    private static final String PAGE_HREF = "page.href";
    private static final String PAGE_OFFSET = "page.offset";
    private static final String WALK_ENDED = "walk.ended";
    private static final String TOTAL_RESULTS = "total.results";
    private static final String FIRST_RUN = "walk.first.run";
    private static final String NEWEST_CURSOR = "walk.newest";
    private static final String STRAIGHT_PASS = "walk.straight.pass";

    private final ExecutionContext context;

    PositionKeys(ExecutionContext context) {
        this.context = context;
    }

    /** The page being consumed and how many of its records were written; empty before the first page commits. */
    public Optional<PagePosition> current() {
        return context.containsKey(PAGE_HREF)
                ? Optional.of(new PagePosition(context.getString(PAGE_HREF), context.getInt(PAGE_OFFSET, 0)))
                : Optional.empty();
    }

    /** A new position: the walk goes on from there, until {@link #saveWalkEnded} says otherwise. */
    public void save(PagePosition position) {
        context.putString(PAGE_HREF, position.href());
        context.putInt(PAGE_OFFSET, position.written());
        context.remove(WALK_ENDED);
    }

    /**
     * Whether the page written last was the walk's last, with no drift left to recover: nothing is left to read. A
     * partition stopped right after that page committed resumes without asking for it again.
     */
    public boolean walkEnded() {
        return context.containsKey(WALK_ENDED);
    }

    /** Marks the position saved last as after the walk's last page. */
    public void saveWalkEnded() {
        context.putString(WALK_ENDED, context.getString(PAGE_HREF));
    }

    /** The {@code totalResults} of the last page read, once one is. */
    public OptionalLong totalResults() {
        return context.containsKey(TOTAL_RESULTS) ? OptionalLong.of(context.getLong(TOTAL_RESULTS)) : OptionalLong.empty();
    }

    public void saveTotalResults(long totalResults) {
        context.putLong(TOTAL_RESULTS, totalResults);
    }

    /**
     * The run (job execution) that read this partition's walk from its first page: a resumed walk keeps it. Whatever
     * a complete walk did not meet again since then is no longer in the source as it was.
     */
    public long firstRun(long currentRun) {
        if (!context.containsKey(FIRST_RUN) || current().isEmpty()) {
            context.putLong(FIRST_RUN, currentRun);
        }
        return context.getLong(FIRST_RUN);
    }

    public OptionalLong firstRun() {
        return context.containsKey(FIRST_RUN) ? OptionalLong.of(context.getLong(FIRST_RUN)) : OptionalLong.empty();
    }

    /** The newest cursor value (modifiedDate) written by this walk, once one is. */
    public Optional<Instant> newestCursor() {
        return Optional.ofNullable(context.getString(NEWEST_CURSOR, null)).map(Instant::parse);
    }

    public void saveNewestCursor(Instant newest) {
        context.putString(NEWEST_CURSOR, newest.toString());
    }

    /**
     * Whether every record of the full walk's pass begun at {@code pass} went straight into a scope that was empty when
     * the partition opened (the writer's {@code Warehouse.write}): then every live row of the scope was written by that
     * pass, and none can be missing at its end. False after a recovery pass began (its own start), after a chunk that
     * met a key already there, and for a partition resumed onto its committed rows.
     */
    public boolean wentStraightIn(Instant pass) {
        return pass.toString().equals(context.getString(STRAIGHT_PASS, null));
    }

    /** The pass going straight into an empty scope ({@link #wentStraightIn}); null: the partition no longer does. */
    public void saveStraightPass(Instant pass) {
        if (pass == null) {
            context.remove(STRAIGHT_PASS);
        } else {
            context.putString(STRAIGHT_PASS, pass.toString());
        }
    }

    /** Forgets the page, the total, the first run, the end and the straight pass: the next walk starts from the first page. */
    void forget() {
        for (String key : new String[] {PAGE_HREF, PAGE_OFFSET, TOTAL_RESULTS, FIRST_RUN, WALK_ENDED, STRAIGHT_PASS}) {
            context.remove(key);
        }
    }
}
