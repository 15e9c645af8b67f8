package io.ledgersync.source;

import java.time.Duration;

/**
 * Told of every response of the Data API and of every wait of the client, so that metrics can count
 * them without the client knowing about meters. Called on the requesting thread: implementations
 * must be quick and thread-safe.
 */
public interface DataApiObserver {

    /** Observes nothing. */
    DataApiObserver NONE = new DataApiObserver() {
    };

    /**
     * An attempt ended with a response, or without one.
     *
     * @param path the request path relative to the base URL, without its query (it names the company)
     * @param status the HTTP status, or 0 when no response came (connection failure or timeout)
     * @param elapsed from sending the request to having the whole response
     */
    default void responded(String path, int status, Duration elapsed) {
    }

    /**
     * The client waited before an attempt.
     *
     * @param path as for {@link #responded}
     */
    default void waited(String path, Wait reason, Duration duration) {
    }

    /** Why the client waited. */
    enum Wait {
        /** The backoff, or the Retry-After, before retrying a 429, 500, 503, 202 or I/O failure. */
        RETRY,
        /** For a permit of the client-side rate limiter. */
        RATE_LIMITER,
        /** While the circuit breaker is open. */
        CIRCUIT_BREAKER
    }
}
