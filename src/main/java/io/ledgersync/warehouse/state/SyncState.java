package io.ledgersync.warehouse.state;

import java.time.Instant;

/**
 * Where one company's data set stands between runs.
 *
 * @param attempts consecutive runs that could not read it (deferrals or failures); 0 after a success
 * @param nextAttemptAt when a deferred run may try a {@code DEFERRED} data set again
 * @param lastRunId the run that wrote this state
 */
public record SyncState(String companyId, String dataSet, Status state, int attempts, Instant nextAttemptAt,
        Instant lastSuccessAt, String lastError, String lastCorrelationId, long lastRunId, Instant updatedAt) {

    /** What the last run that touched it found. */
    public enum Status {
        /** Read completely. */
        OK,
        /** The Data API answered 409: not requested or still syncing; retried when due. */
        DEFERRED,
        /** The company's platform does not provide this data set (404); skipped until a full run asks again. */
        UNSUPPORTED,
        /** The read failed; a restart of the run resumes it. */
        FAILED
    }
}
