package io.ledgersync.warehouse.state;

import java.time.Instant;

/**
 * Where one company's data set stands between runs.
 *
 * @param attempts consecutive runs that could not read it (deferrals or failures); 0 after a success
 * @param nextAttemptAt when a deferred run may try a {@code DEFERRED} data set again
 * @param lastRunId the run that wrote this state
 * @param consecutiveFailures runs in a row that failed it (deferrals and stops between them neither add nor break the
 *     streak); 0 once a run reads it to its end
 * @param failingSince when the first failure of that streak happened; null while {@code consecutiveFailures} is 0
 */
public record SyncState(String companyId, String dataSet, Status state, int attempts, Instant nextAttemptAt,
        Instant lastSuccessAt, String lastError, String lastCorrelationId, long lastRunId, Instant updatedAt,
        int consecutiveFailures, Instant failingSince) {

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
