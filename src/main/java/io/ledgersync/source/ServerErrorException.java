package io.ledgersync.source;

import java.time.Duration;

/**
 * 500 (CONTRACT.md §7.1), or another 5xx a gateway may send: a server problem; retried with backoff.
 * Immutable.
 */
public class ServerErrorException extends DataApiException {

    ServerErrorException(String request, int status, ApiError error, Duration retryAfter) {
        super(request, status, error, retryAfter,
                "A server problem of the Data API: retried with backoff; if it persists, quote the correlationId to support");
    }

    @Override
    public boolean retriable() {
        return true;
    }
}
