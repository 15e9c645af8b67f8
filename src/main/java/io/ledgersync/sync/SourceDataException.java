package io.ledgersync.sync;

/**
 * The Data API sent data that cannot be stored, in a way that fails a partition: more records than
 * {@code ledgersync.sync.max-rejected-per-partition} allows to set aside (a source sending garbage wholesale). Its own
 * exit code tells it from a failure of the Data API, the warehouse or ours (issue 17). Immutable.
 */
public class SourceDataException extends RuntimeException {

    public SourceDataException(String message) {
        super(message);
    }
}
