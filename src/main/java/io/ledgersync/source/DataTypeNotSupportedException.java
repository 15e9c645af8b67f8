package io.ledgersync.source;

/**
 * 404 with {@code Datatype <name> not supported by platform(s) <name>} (CONTRACT.md §7.1): the
 * company's platform cannot provide this data set, so asking again will not help. Not a failure: the job records the
 * company's data set as unsupported and the run goes on.
 * Immutable.
 */
public class DataTypeNotSupportedException extends DataApiException {

    DataTypeNotSupportedException(String request, ApiError error) {
        super(request, 404, error, null,
                "The company's accounting platform does not provide this data set: skip it for this company");
    }

    /** §7.1: the error text of an unsupported data type, as opposed to a resource that is not found. */
    static boolean matches(ApiError error) {
        return error != null && error.error() != null && error.error().contains("not supported by platform");
    }
}
