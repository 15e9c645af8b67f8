package io.ledgersync.sync.run;

import java.time.Instant;
import java.util.List;

import org.springframework.batch.core.BatchStatus;

import io.ledgersync.sync.history.RunDetail;

/**
 * A page of runs, newest first: the one document of {@code GET /api/runs} and {@code ledgersync runs --json}
 * ({@link SyncRuns#page}).
 *
 * @param total every run there is, on this page or not
 */
public record RunsPage(List<RunSummary> runs, int page, int size, long total) {

    /** The largest page one request may ask for. */
    public static final int MAX_SIZE = 200;

    /** A run in a list: what was asked and how it ended. */
    public record RunSummary(long runId, RunDetail.Request request, BatchStatus status, String exitCode, Instant startedAt,
            Instant endedAt) {

        public static RunSummary of(RunDetail detail) {
            return new RunSummary(detail.runId(), detail.request(), detail.status(), detail.exitCode(), detail.startedAt(),
                    detail.endedAt());
        }
    }
}
