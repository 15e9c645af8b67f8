package io.ledgersync.source;

/**
 * The client's own rate limiter or per-company bulkhead could not admit a request within its
 * configured wait; nothing was sent.
 * Immutable.
 */
public class ClientLimitException extends DataApiException {

    ClientLimitException(String request, String limit, Throwable cause) {
        super(request, 0, request + " was not sent: " + limit + " did not admit it in time. "
                + "Lower ledgersync.sync.concurrency or raise the limit's max-wait", cause);
    }
}
