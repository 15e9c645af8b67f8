package io.ledgersync.source;

import java.util.List;

/**
 * The error body of CONTRACT.md §2.4, as far as the response carried it.
 * Immutable.
 *
 * @param validationMessages the {@code message} of each element of {@code validation.errors}
 */
public record ApiError(int statusCode, String service, String error, String correlationId,
        List<String> validationMessages) {

    public ApiError {
        validationMessages = validationMessages == null ? List.of() : List.copyOf(validationMessages);
    }

    /** The exception name before the colon of {@code error} (§2.4), or null when there is none. */
    public String exceptionName() {
        if (error == null) {
            return null;
        }
        int colon = error.indexOf(':');
        return colon > 0 && error.substring(0, colon).matches("[A-Za-z][A-Za-z0-9_.]*") ? error.substring(0, colon) : null;
    }
}
