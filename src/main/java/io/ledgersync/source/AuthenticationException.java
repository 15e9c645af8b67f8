package io.ledgersync.source;

/**
 * 401 (CONTRACT.md §5 rule 2): the Data API does not recognise the API key; permanent: the run stops, nothing is retried.
 * Immutable.
 */
public class AuthenticationException extends DataApiException {

    AuthenticationException(String request, ApiError error) {
        super(request, 401, error, null, "Check the API key (LEDGERSYNC_API_KEY, ledgersync.api.api-key): the Data API does not recognise it");
    }

    @Override
    public boolean permanent() {
        return true;
    }
}
