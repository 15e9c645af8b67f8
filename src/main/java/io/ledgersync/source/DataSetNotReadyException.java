package io.ledgersync.source;

/**
 * 409 (CONTRACT.md §4.4, §7.1): the data set was never requested or its sync is not complete.
 * Not a failure of the run and not retried by the client: the job defers the company's data set
 * and tries again later.
 * Immutable.
 */
public class DataSetNotReadyException extends DataApiException {

    DataSetNotReadyException(String request, ApiError error) {
        super(request, 409, error, null, null);
    }
}
