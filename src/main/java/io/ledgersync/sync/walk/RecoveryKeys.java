package io.ledgersync.sync.walk;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The part of a partition's context that keeps the page drift its walk met and the passes that recovered from it
 * ({@link DriftRecovery}), saved with each committed page: a walk resumed inside a recovery pass goes on with that
 * pass, and recovers drift that pass saw before the restart at its end. Not thread-safe, like the context.
 */
public final class RecoveryKeys {

    private static final String NOTE = "walk.drift";
    private static final String RECOVERIES = "walk.recoveries";
    private static final String WHOLE_FROM = "walk.whole.from";
    private static final String PASS_RECORDS = "walk.pass.records";
    private static final String PASS_PAGES = "walk.pass.pages";
    private static final String PASS_DRIFT = "walk.pass.drift";

    private final ExecutionContext context;

    RecoveryKeys(ExecutionContext context) {
        this.context = context;
    }

    /** What page drift this walk met and how it recovered, or null when it met none. */
    public String note() {
        return context.getString(NOTE, null);
    }

    void saveNote(String what) {
        context.putString(NOTE, what);
    }

    /** How many recovery passes the walk made after page drift. */
    int recoveries() {
        return context.getInt(RECOVERIES, 0);
    }

    void saveRecoveries(int recoveries) {
        context.putInt(RECOVERIES, recoveries);
    }

    /**
     * When the last pass that read the whole data set began: the walk's start, or a later re-walk's after page drift.
     * What was not written since is gone from the source.
     */
    public Optional<Instant> wholeFrom() {
        Optional<Instant> rewalk = Optional.ofNullable(context.getString(WHOLE_FROM, null)).map(Instant::parse);
        return rewalk.isPresent() ? rewalk : new PlanKeys(context).walk().map(Walk::startedAt);
    }

    public void saveWholeFrom(Instant from) {
        context.putString(WHOLE_FROM, from.toString());
    }

    /** Records read by the current pass of the walk (the last one, once it ended): what totalResults is checked against. */
    public OptionalLong passRecords() {
        return context.containsKey(PASS_RECORDS) ? OptionalLong.of(context.getLong(PASS_RECORDS)) : OptionalLong.empty();
    }

    OptionalLong passPages() {
        return context.containsKey(PASS_PAGES) ? OptionalLong.of(context.getLong(PASS_PAGES)) : OptionalLong.empty();
    }

    void savePassCounts(long records, long pages) {
        context.putLong(PASS_RECORDS, records);
        context.putLong(PASS_PAGES, pages);
    }

    /** Drift the current pass saw and has not recovered yet (a restart recovers it at the pass's end), or null. */
    String passDrift() {
        return context.getString(PASS_DRIFT, null);
    }

    void savePassDrift(String seen) {
        if (seen == null) {
            context.remove(PASS_DRIFT);
        } else {
            context.putString(PASS_DRIFT, seen);
        }
    }
}
