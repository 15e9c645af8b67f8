package io.ledgersync.source;

/**
 * 405 (CONTRACT.md §7.1): the Data API does not allow this method here, which is a bug on our side; permanent: the run
 * stops, nothing is retried.
 * Immutable.
 */
public class MethodNotAllowedException extends DataApiException {

    MethodNotAllowedException(String request, ApiError error) {
        super(request, 405, error, null, "The Data API does not allow this method on this endpoint: this is a bug on our side");
    }

    @Override
    public boolean permanent() {
        return true;
    }
}
