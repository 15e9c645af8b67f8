package io.ledgersync.sync.walk;

import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The one reader and writer of a partition's execution context: which data set and company it covers (put there by
 * the partitioner), and, each in its own part, the walk's plan ({@link PlanKeys}), where it stands
 * ({@link PositionKeys}), its counts ({@link CountKeys}), why a read ended early or failed ({@link OutcomeKeys}) and
 * the page drift it recovered from ({@link RecoveryKeys}). Everything else asks these classes; the key names are their
 * private business, and never change: runs in job repositories are resumed from them.
 *
 * <p>Not thread-safe, like the context it wraps: one partition's thread writes it.
 */
public final class PartitionContext {

    private static final String DATA_SET = "data.set";
    /** The key runs saved before it was renamed; read so that such a run can still be resumed. */
    private static final String LEGACY_DATA_SET = "dataset";
    private static final String COMPANY_ID = "companyId";

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

    /** The context the partitioner hands a new partition: what it reads, and how (part of its restart state). */
    public static ExecutionContext newPartition(String dataSet, String companyId, Walk walk) {
        ExecutionContext context = new ExecutionContext();
        context.putString(DATA_SET, dataSet);
        if (companyId != null) {
            context.putString(COMPANY_ID, companyId);
        }
        PlanKeys.put(context, walk);
        return context;
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

    /** The partition in words, as logs, failures and summaries name it: {@code invoices of company 42}, or {@code companies}. */
    public String describe() {
        return describe(dataSet(), companyId());
    }

    /** The one wording of a partition, also for those who have its data set and company but not its context. */
    public static String describe(String dataSet, String companyId) {
        return dataSet + (companyId == null ? "" : " of company " + companyId);
    }

    /** How the partition walks, as planned. */
    public PlanKeys plan() {
        return new PlanKeys(context);
    }

    /** Where the walk stands: the page to read next, what the last page announced, what it wrote so far. */
    public PositionKeys position() {
        return new PositionKeys(context);
    }

    /** Records and pages read, records rejected: over the whole run, and by this execution. */
    public CountKeys counts() {
        return new CountKeys(context);
    }

    /** Why the read ended early, or the partition failed. */
    public OutcomeKeys outcome() {
        return new OutcomeKeys(context);
    }

    /** The page drift the walk met, and the passes that recovered from it. */
    public RecoveryKeys recovery() {
        return new RecoveryKeys(context);
    }

    /**
     * Forgets where the walk stood, so that a resumed run walks the data set again from its first page: after a walk
     * past its page cap, the position points past what the source announced and would fail the resume too.
     */
    public void forgetPosition() {
        position().forget();
        counts().forgetRead();
    }
}
