package io.ledgersync.sync.walk;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The part of a partition's context that counts what it read and rejected, saved with each committed page. Counts come
 * twice: for the whole run (they survive a restart, like the position) and for this execution of the partition (reset
 * when a restart opens it), so a resumed run can say both. Not thread-safe, like the context.
 */
public final class CountKeys {

    private static final String RECORDS_READ = "records.read";
    private static final String PAGES_READ = "pages.read";
    private static final String EXECUTION_RECORDS = "execution.records.read";
    private static final String EXECUTION_PAGES = "execution.pages.read";
    private static final String REJECTED = "records.rejected";
    private static final String EXECUTION_REJECTED = "execution.records.rejected";

    private final ExecutionContext context;

    CountKeys(ExecutionContext context) {
        this.context = context;
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

    /**
     * @param recordsSinceOpen how many of the records this execution read
     * @param pagesSinceOpen how many of the pages this execution read
     */
    public void save(long records, long pages, long recordsSinceOpen, long pagesSinceOpen) {
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

    public void saveRejected(long records, long sinceOpen) {
        context.putLong(REJECTED, records);
        context.putLong(EXECUTION_REJECTED, sinceOpen);
    }

    /** Forgets the run's records and pages read, with the position they were read to. */
    void forgetRead() {
        context.remove(RECORDS_READ);
        context.remove(PAGES_READ);
    }
}
