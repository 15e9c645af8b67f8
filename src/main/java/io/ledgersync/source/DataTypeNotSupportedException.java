package io.ledgersync.source;

/**
 * 404 with {@code Datatype <name> not supported by platform(s) <name>} (data-api.md §7.1): the
 * company's platform cannot provide this data set, so asking again will not help.
 */
public class DataTypeNotSupportedException extends DataApiException {

    DataTypeNotSupportedException(String request, ApiError error) {
        super(request, 404, error);
    }
}
