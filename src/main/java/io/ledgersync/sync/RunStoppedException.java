package io.ledgersync.sync;

import io.ledgersync.source.DataApiException;

/** A partition not read because another partition of its run met a permanent error. */
public class RunStoppedException extends RuntimeException {

    public RunStoppedException(DataApiException cause) {
        super("Not read: the run stopped at a permanent error of the Data API: " + cause.getMessage(), cause);
    }
}
