package io.ledgersync.source;

import java.time.Duration;

/**
 * 202 (CONTRACT.md §7.1) where a page was expected: the request was accepted but its processing is not complete; retried.
 * Immutable.
 */
public class StillProcessingException extends DataApiException {

    StillProcessingException(String request, ApiError error, Duration retryAfter) {
        super(request, 202, error, retryAfter, "The Data API has not finished processing the request: retried later");
    }

    @Override
    public boolean retriable() {
        return true;
    }
}
