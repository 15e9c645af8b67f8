package io.ledgersync.sync;

import java.time.Duration;

/**
 * What a sync run tells the rest of the application while it runs, as Spring application events:
 * metrics and progress reporting listen to these instead of reaching into the job. Published
 * synchronously on the thread that did the work, so listeners must be quick and thread-safe.
 */
public sealed interface SyncEvent {

    /** A run started (or resumed). */
    record RunStarted(long runId, SyncRequest.Kind kind) implements SyncEvent {
    }

    /** A run ended, successfully or not, after {@code duration} (this execution's, not the whole run's). */
    record RunFinished(long runId, SyncRequest.Kind kind, RunOutcome outcome, Duration duration) implements SyncEvent {
    }

    /**
     * A page of a data set was read from the Data API.
     *
     * @param latency from sending the request to having decoded the page, retries included
     */
    record PageRead(long runId, String dataSet, int records, Duration latency) implements SyncEvent {
    }

    /** Records of a data set's page were set aside as unstorable (rejected_records) while the rest was written. */
    record RecordsRejected(long runId, String dataSet, int records) implements SyncEvent {
    }

    /** A chunk of a data set's records was upserted into the warehouse (and committed with its page). */
    record RecordsWritten(long runId, String dataSet, int records) implements SyncEvent {
    }

    /**
     * A partition (one company's data set, or a top-level data set) ended.
     *
     * @param companyId null for a top-level data set
     * @param records the records this execution of the partition wrote
     * @param pages the pages this execution of the partition read
     */
    record PartitionFinished(long runId, String dataSet, String companyId, PartitionOutcome outcome, long records, long pages)
            implements SyncEvent {
    }

    /**
     * A complete full walk marked the rows its company data set no longer has as deleted, or was refused to.
     *
     * @param marked rows marked deleted (0 when refused)
     * @param refused whether the safety bound ({@code ledgersync.sync.deletes.max-fraction}) refused to mark them
     */
    record DeletesMarked(long runId, String dataSet, String companyId, long marked, boolean refused) implements SyncEvent {
    }

    /** A walk saw its data set move under it (page drift): {@code what} says how, and what the walk did about it. */
    record DriftDetected(long runId, String dataSet, String what) implements SyncEvent {
    }
}
