package io.ledgersync.source;

/**
 * 403 (CONTRACT.md §5 rule 3): the key is outdated or not allowed for this company or endpoint; permanent: the run
 * stops, nothing is retried.
 * Immutable.
 */
public class ForbiddenException extends DataApiException {

    ForbiddenException(String request, ApiError error) {
        super(request, 403, error, null, "The API key is outdated or not allowed for this company or endpoint: check the key's scope, or issue a new key");
    }

    @Override
    public boolean permanent() {
        return true;
    }
}
