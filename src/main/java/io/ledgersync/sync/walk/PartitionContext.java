package io.ledgersync.sync.walk;

import java.util.Optional;
import java.util.OptionalLong;

import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import io.ledgersync.sync.PartitionOutcome;

/**
 * The one reader and writer of a partition's execution context: which data set and company it
 * covers (put there by the partitioner), the reader's restart position and counts (saved with each
 * committed page), and why a read ended early or failed. Everything else asks this class; the key
 * names are its private business.
 *
 * <p>Counts come twice: for the whole run (they survive a restart, like the position) and for this
 * execution of the partition (reset when a restart opens it), so a resumed run can say both.
 *
 * <p>Not thread-safe, like the context it wraps: one partition's thread writes it.
 */
public final class PartitionContext {

    private static final String DATA_SET = "data.set";
    /** The key runs saved before it was renamed; read so that such a run can still be resumed. */
    private static final String LEGACY_DATA_SET = "dataset";
    private static final String COMPANY_ID = "companyId";
    private static final String PAGE_HREF = "page.href";
    private static final String PAGE_OFFSET = "page.offset";
    private static final String RECORDS_READ = "records.read";
    private static final String PAGES_READ = "pages.read";
    private static final String EXECUTION_RECORDS = "execution.records.read";
    private static final String EXECUTION_PAGES = "execution.pages.read";
    private static final String TOTAL_RESULTS = "total.results";
    private static final String REJECTED = "records.rejected";
    private static final String WALK_FIRST_RUN = "walk.first.run";
    private static final String EXECUTION_REJECTED = "execution.records.rejected";
    private static final String OUTCOME = "outcome";
    private static final String OUTCOME_ERROR = "outcome.error";
    private static final String OUTCOME_CORRELATION_ID = "outcome.correlationId";
    private static final String WALK_KIND = "walk.kind";
    private static final String WALK_QUERY = "walk.query";
    private static final String WALK_STARTED = "walk.started";
    private static final String WALK_NEWEST = "walk.newest";
    private static final String WALK_DRIFT = "walk.drift";
    private static final String WALK_RECOVERIES = "walk.recoveries";
    private static final String PASS_DRIFT = "walk.pass.drift";
    private static final String WHOLE_FROM = "walk.whole.from";
    private static final String PASS_RECORDS = "walk.pass.records";
    private static final String PASS_PAGES = "walk.pass.pages";

    private final ExecutionContext context;

    private PartitionContext(ExecutionContext context) {
        this.context = context;
    }

    public static PartitionContext of(ExecutionContext context) {
        return new PartitionContext(context);
    }

    public static PartitionContext of(StepExecution step) {
        return new PartitionContext(step.getExecutionContext());
    }

    /** A partition's context as versions before {@link Walk} planned them: no walk. */
    public static ExecutionContext newPartition(String dataSet, String companyId) {
        ExecutionContext context = new ExecutionContext();
        context.putString(DATA_SET, dataSet);
        if (companyId != null) {
            context.putString(COMPANY_ID, companyId);
        }
        return context;
    }

    /** The context the partitioner hands a new partition: what it reads, and how (part of its restart state). */
    public static ExecutionContext newPartition(String dataSet, String companyId, Walk walk) {
        ExecutionContext context = newPartition(dataSet, companyId);
        context.putString(WALK_KIND, walk.kind().name());
        if (walk.query() != null) {
            context.putString(WALK_QUERY, walk.query());
        }
        context.putString(WALK_STARTED, walk.startedAt().toString());
        return context;
    }

    /**
     * How this partition walks; empty for a partition planned before walks were (a run of an older version, resumed):
     * it is read as it was, and neither moves a watermark nor marks deletes.
     */
    public Optional<Walk> walk() {
        if (!context.containsKey(WALK_KIND)) {
            return Optional.empty();
        }
        return Optional.of(new Walk(Walk.Kind.valueOf(context.getString(WALK_KIND)), context.getString(WALK_QUERY, null),
                java.time.Instant.parse(context.getString(WALK_STARTED))));
    }

    /** The query a walk reads with now: its own, or the catch-up's after drift. */
    String walkQuery() {
        return context.getString(WALK_QUERY, null);
    }

    /** A drift recovery reads on with another query (restart state too: a resumed catch-up goes on with it). */
    void saveWalkQuery(String query) {
        if (query == null) {
            context.remove(WALK_QUERY);
        } else {
            context.putString(WALK_QUERY, query);
        }
    }

    /** The newest cursor value (modifiedDate) written by this walk, once one is. */
    public Optional<java.time.Instant> newestCursor() {
        return Optional.ofNullable(context.getString(WALK_NEWEST, null)).map(java.time.Instant::parse);
    }

    public void saveNewestCursor(java.time.Instant newest) {
        context.putString(WALK_NEWEST, newest.toString());
    }

    /** What page drift this walk met and how it recovered, or null when it met none. */
    public String drift() {
        return context.getString(WALK_DRIFT, null);
    }

    void saveDrift(String what) {
        context.putString(WALK_DRIFT, what);
    }

    /** How many recovery passes the walk made after page drift. */
    int recoveries() {
        return context.getInt(WALK_RECOVERIES, 0);
    }

    void saveRecoveries(int recoveries) {
        context.putInt(WALK_RECOVERIES, recoveries);
    }

    /**
     * When the last pass that read the whole data set began: the walk's start, or a later re-walk's after page drift.
     * What was not written since is gone from the source.
     */
    public Optional<java.time.Instant> wholeFrom() {
        Optional<java.time.Instant> rewalk = Optional.ofNullable(context.getString(WHOLE_FROM, null)).map(java.time.Instant::parse);
        return rewalk.isPresent() ? rewalk : walk().map(Walk::startedAt);
    }

    public void saveWholeFrom(java.time.Instant from) {
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

    /** Whether the step is a partition (a worker step) rather than the step that split its data set. */
    public static boolean isPartition(StepExecution step) {
        ExecutionContext context = step.getExecutionContext();
        return context.containsKey(DATA_SET) || context.containsKey(LEGACY_DATA_SET);
    }

    public String dataSet() {
        return context.containsKey(DATA_SET) ? context.getString(DATA_SET) : context.getString(LEGACY_DATA_SET);
    }

    /** Null for a top-level data set (companies). */
    public String companyId() {
        return context.getString(COMPANY_ID, null);
    }

    /** The restart position: the page being consumed and how many of its records were written. */
    public record Position(String href, int written) {
    }

    Optional<Position> position() {
        return context.containsKey(PAGE_HREF)
                ? Optional.of(new Position(context.getString(PAGE_HREF), context.getInt(PAGE_OFFSET, 0)))
                : Optional.empty();
    }

    public void savePosition(Position position) {
        context.putString(PAGE_HREF, position.href());
        context.putInt(PAGE_OFFSET, position.written());
    }

    /**
     * Forgets where the walk stood, so that a resumed run walks the data set again from its first page: after a walk
     * past its page cap, the position points past what the source announced and would fail the resume too.
     */
    public void forgetPosition() {
        for (String key : new String[] {PAGE_HREF, PAGE_OFFSET, RECORDS_READ, PAGES_READ, TOTAL_RESULTS, WALK_FIRST_RUN}) {
            context.remove(key);
        }
    }

    public long recordsRead() {
        return context.getLong(RECORDS_READ, 0L);
    }

    public long pagesRead() {
        return context.getLong(PAGES_READ, 0L);
    }

    public long recordsReadThisExecution() {
        return context.getLong(EXECUTION_RECORDS, 0L);
    }

    public long pagesReadThisExecution() {
        return context.getLong(EXECUTION_PAGES, 0L);
    }

    /** @param sinceOpen how many of them this execution read */
    public void saveCounts(long records, long pages, long recordsSinceOpen, long pagesSinceOpen) {
        context.putLong(RECORDS_READ, records);
        context.putLong(PAGES_READ, pages);
        context.putLong(EXECUTION_RECORDS, recordsSinceOpen);
        context.putLong(EXECUTION_PAGES, pagesSinceOpen);
    }

    /** Records set aside as unstorable over the whole run of this partition (issue 17). */
    public long rejected() {
        return context.getLong(REJECTED, 0L);
    }

    public long rejectedThisExecution() {
        return context.getLong(EXECUTION_REJECTED, 0L);
    }

    /**
     * The run (job execution) that read this partition's walk from its first page: a resumed walk keeps it. Whatever
     * a complete walk did not meet again since then is no longer in the source as it was.
     */
    public long walkFirstRun(long currentRun) {
        if (!context.containsKey(WALK_FIRST_RUN) || position().isEmpty()) {
            context.putLong(WALK_FIRST_RUN, currentRun);
        }
        return context.getLong(WALK_FIRST_RUN);
    }

    public OptionalLong walkFirstRun() {
        return context.containsKey(WALK_FIRST_RUN) ? OptionalLong.of(context.getLong(WALK_FIRST_RUN)) : OptionalLong.empty();
    }

    public void saveRejected(long records, long sinceOpen) {
        context.putLong(REJECTED, records);
        context.putLong(EXECUTION_REJECTED, sinceOpen);
    }

    /** The {@code totalResults} of the last page read, once one is. */
    public OptionalLong totalResults() {
        return context.containsKey(TOTAL_RESULTS) ? OptionalLong.of(context.getLong(TOTAL_RESULTS)) : OptionalLong.empty();
    }

    public void saveTotalResults(long totalResults) {
        context.putLong(TOTAL_RESULTS, totalResults);
    }

    /** A read that ended early without failing ({@code DEFERRED}, {@code UNSUPPORTED}), as the reader left it. */
    public Optional<PartitionOutcome> endedEarly() {
        return Optional.ofNullable(context.getString(OUTCOME, null)).map(PartitionOutcome::valueOf);
    }

    void saveEndedEarly(PartitionOutcome outcome, String message, String correlationId) {
        context.putString(OUTCOME, outcome.name());
        saveError(message, correlationId);
    }

    /** Why the partition was deferred, skipped or failed: the Data API's message, or the failure's. */
    public String error() {
        return context.getString(OUTCOME_ERROR, null);
    }

    public String correlationId() {
        return context.getString(OUTCOME_CORRELATION_ID, null);
    }

    public void saveError(String message, String correlationId) {
        context.putString(OUTCOME_ERROR, String.valueOf(message));
        if (correlationId != null) {
            context.putString(OUTCOME_CORRELATION_ID, correlationId);
        }
    }
}
