package io.ledgersync.sync.run;

import java.util.concurrent.CompletableFuture;
import io.ledgersync.sync.history.SyncReport;

/**
 * A run that has been launched: its id at once, its report when it ends.
 *
 * @param runId the job execution id of the run
 * @param resumed whether it resumes an earlier run that had not finished
 */
public record RunHandle(long runId, boolean resumed, CompletableFuture<SyncReport> completion) {
}
