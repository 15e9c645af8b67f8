package io.ledgersync.sandbox.records;

import java.time.Instant;

import io.ledgersync.sandbox.records.DataSetState.Stage;

/**
 * Whether a data set is readable yet (CONTRACT.md §3, §4.4): 409 while never requested or still syncing, until a
 * number of requests or a moment on the clock; not supported by the platform (404). Not thread-safe: its
 * {@link DataSetState} holds the lock.
 */
final class Readiness {

    private Stage stage = Stage.READY;
    private int notReadyRequestsLeft;
    private Instant readyAt;
    private Instant lastSuccessfulSync;

    void ready(Instant now) {
        stage = Stage.READY;
        lastSuccessfulSync = now;
    }

    void notRequested() {
        stage = Stage.NOT_REQUESTED;
    }

    void readyAfterRequests(int requests) {
        stage = requests == 0 ? Stage.READY : Stage.SYNCING;
        notReadyRequestsLeft = requests;
        readyAt = null;
    }

    void readyAt(Instant when) {
        stage = Stage.SYNCING;
        notReadyRequestsLeft = 0;
        readyAt = when;
    }

    void unsupported() {
        stage = Stage.UNSUPPORTED;
    }

    Stage admit(Instant now) {
        switch (stage) {
            case NOT_REQUESTED -> throw ApiException.conflict("The data set has not been requested.");
            case SYNCING -> {
                if (readyAt != null ? now.isBefore(readyAt) : notReadyRequestsLeft-- > 0) {
                    throw ApiException.conflict("The data set is still syncing: its sync is not complete.");
                }
                stage = Stage.READY;
                lastSuccessfulSync = readyAt != null ? readyAt : now;
            }
            default -> {
            }
        }
        return stage;
    }

    String currentStatus(Instant now) {
        return switch (stage) {
            case READY -> "Complete";
            case NOT_REQUESTED -> null;
            case UNSUPPORTED -> "NotSupported";
            case SYNCING -> readyAt != null && !now.isBefore(readyAt) ? "Complete" : "Fetching";
        };
    }

    Instant lastSuccessfulSync(Instant now) {
        if (stage == Stage.SYNCING && readyAt != null && !now.isBefore(readyAt)) {
            return readyAt;
        }
        return stage == Stage.READY ? lastSuccessfulSync : null;
    }

    Stage stage() {
        return stage;
    }
}
