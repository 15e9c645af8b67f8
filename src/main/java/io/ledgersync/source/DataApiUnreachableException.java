package io.ledgersync.source;

import java.time.Duration;

/**
 * Not one attempt of a request's retry budget could connect to the Data API (refused, unknown host, TLS, connect
 * timeout): its partition fails, and a later run resumes it, instead of pausing as it would for a Data API that
 * answers that it is down. The message names the base URL, the cause, the attempts and what to check. Immutable.
 */
public class DataApiUnreachableException extends DataApiException {

    private final int attempts;
    private final Duration elapsed;

    DataApiUnreachableException(DataApiConnectionException last, int attempts, Duration elapsed) {
        super(last.request(), 0, "Cannot reach the Data API" + (last.baseUrl() == null ? "" : " at " + last.baseUrl()) + ": "
                + last.reason() + " (" + attempts + (attempts == 1 ? " attempt" : " attempts") + " over " + elapsed.toSeconds()
                + " s): " + last.connectFailure().map(ConnectFailure::advice).orElse("check LEDGERSYNC_API_BASE_URL"), last);
        this.attempts = attempts;
        this.elapsed = elapsed;
    }

    /** How many times the request was tried. */
    public int attempts() {
        return attempts;
    }

    /** From the first attempt to giving up, backoff waits and connect timeouts included. */
    public Duration elapsed() {
        return elapsed;
    }
}
