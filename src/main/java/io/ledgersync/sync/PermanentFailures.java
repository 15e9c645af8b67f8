package io.ledgersync.sync;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.ledgersync.source.DataApiException;

/**
 * Remembers, per run, the first permanent error of the Data API ({@link DataApiException#permanent()}: a bad
 * key, an account limit, a bug of ours), so that the run's other partitions stop at once instead of
 * each asking the Data API and failing the same way. Thread-safe.
 */
public class PermanentFailures {

    private final Map<Long, DataApiException> byRun = new ConcurrentHashMap<>();

    public static boolean isPermanent(DataApiException e) {
        return e.permanent();
    }

    public void record(long runId, DataApiException e) {
        byRun.putIfAbsent(runId, e);
    }

    public Optional<DataApiException> of(long runId) {
        return Optional.ofNullable(byRun.get(runId));
    }

    public void forget(long runId) {
        byRun.remove(runId);
    }
}
