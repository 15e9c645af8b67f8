package io.ledgersync.source;

import java.io.IOException;

/**
 * No complete response arrived: the connection was refused, dropped or timed out; retried.
 * Immutable.
 */
public class DataApiConnectionException extends DataApiException {

    DataApiConnectionException(String request, IOException cause) {
        super(request, 0, request + " failed without a complete response: " + cause
                + ". Retried; if it persists, check the network path and ledgersync.api.base-url", cause);
    }

    @Override
    public boolean retriable() {
        return true;
    }
}
