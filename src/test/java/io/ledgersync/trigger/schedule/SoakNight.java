package io.ledgersync.trigger.schedule;

import java.time.Instant;
import java.util.Locale;

/**
 * One simulated night of a soak, as measured the morning after.
 *
 * @param night the night's number, from 1
 * @param morning the simulated morning it was measured at
 * @param runs the runs the schedule started since the previous morning, as {@code mode:status}
 * @param requests the requests the sandbox answered since the previous day's noon
 * @param minimumRequests the fewest the night's runs could have made ({@link SoakRunner})
 * @param runSeconds wall-clock seconds the schedule's runs took, from each tick to its runs' end
 * @param jobRepositoryRows rows of Spring Batch's tables
 * @param historyRows rows of {@code sync_reconciliation} and of every {@code <table>_history}, the child tables' too: a
 *     sum of figures bounded and not (the open versions grow with the data), kept so that old results compare; split
 *     in {@code history}
 * @param databaseBytes the database's size on disk
 * @param heapAfterGc heap used after a full collection, in bytes
 * @param pendingDeletes live rows the sandbox no longer serves: hard deletes that the next full refresh marks
 * @param history the runs' history and the record versions, apart
 */
record SoakNight(int night, Instant morning, String runs, long requests, long minimumRequests, double runSeconds,
        long jobRepositoryRows, long historyRows, long databaseBytes, long heapAfterGc, int pendingDeletes,
        SoakHistory history) {

    static final String CSV_HEADER = "night,morning,runs,requests,minimum_requests,run_seconds,job_repository_rows,"
            + "history_rows,database_bytes,heap_after_gc_bytes,pending_deletes," + SoakHistory.CSV_HEADER;

    String csv() {
        return String.format(Locale.ROOT, "%d,%s,%s,%d,%d,%.3f,%d,%d,%d,%d,%d,%s", night, morning, runs, requests, minimumRequests,
                runSeconds, jobRepositoryRows, historyRows, databaseBytes, heapAfterGc, pendingDeletes, history.csv());
    }
}
