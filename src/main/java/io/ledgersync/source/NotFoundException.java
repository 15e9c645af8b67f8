package io.ledgersync.source;

/**
 * 404 (CONTRACT.md §7.1): the company or resource does not exist (any more), e.g. a company that vanished during the run;
 * not to be confused with {@link DataTypeNotSupportedException}. Fails only its partition: neither retried nor permanent.
 * Immutable.
 */
public class NotFoundException extends DataApiException {

    NotFoundException(String request, ApiError error) {
        super(request, 404, error, null, "The company or resource does not exist (any more): check the company id and the data set path");
    }
}
