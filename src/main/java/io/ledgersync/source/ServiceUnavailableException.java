package io.ledgersync.source;

import java.time.Duration;

/**
 * 503 (CONTRACT.md §7.1): the Data API is offline for maintenance; retried, and a run of them opens the circuit breaker.
 * Immutable.
 */
public class ServiceUnavailableException extends DataApiException {

    ServiceUnavailableException(String request, ApiError error, Duration retryAfter) {
        super(request, 503, error, retryAfter, "The Data API is offline for maintenance: retried later; the run can be restarted once it is back");
    }

    @Override
    public boolean retriable() {
        return true;
    }
}
