package io.ledgersync.source;

/**
 * 400 (CONTRACT.md §7.1): the Data API could not process our request, which is a bug or a bad data set definition on our
 * side; permanent: the run stops, nothing is retried.
 * Immutable.
 */
public class BadRequestException extends DataApiException {

    BadRequestException(String request, ApiError error) {
        super(request, 400, error, null, "The request was rejected as malformed: this is a bug or a bad data set definition (jobs/*.yml) on our side; fix it, do not retry");
    }

    @Override
    public boolean permanent() {
        return true;
    }
}
