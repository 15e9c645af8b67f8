package io.ledgersync.source;

import java.time.Duration;

/**
 * 429 (CONTRACT.md §7.1): too many requests; retried after {@code Retry-After} (within a floor and a ceiling).
 * Immutable.
 */
public class RateLimitedException extends DataApiException {

    RateLimitedException(String request, ApiError error, Duration retryAfter) {
        super(request, 429, error, retryAfter, "Throttled by the Data API: retried after the wait it asks for; if this persists, lower ledgersync.api.rate-limit.requests-per-second or ledgersync.sync.concurrency");
    }

    @Override
    public boolean retriable() {
        return true;
    }
}
