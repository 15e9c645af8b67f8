package io.ledgersync.source;

/**
 * 404 (CONTRACT.md §7.1): the company or resource does not exist; not to be confused with DataTypeNotSupportedException.
 */
public class NotFoundException extends DataApiException {

    NotFoundException(String request, ApiError error) {
        super(request, 404, error, null, "The company or resource does not exist (any more): check the company id and the data set path");
    }

    @Override
    public boolean permanent() {
        return true;
    }
}
