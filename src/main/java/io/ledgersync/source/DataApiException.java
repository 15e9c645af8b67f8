package io.ledgersync.source;

import java.util.List;

/**
 * The Data API answered a request with an error status (data-api.md §7.1); carries the decoded
 * error body so that the operator can quote {@code error} and {@code correlationId} to support.
 */
public class DataApiException extends RuntimeException {

    private final String request;
    private final int status;
    private final ApiError error;

    DataApiException(String request, int status, ApiError error) {
        super(describe(request, status, error));
        this.request = request;
        this.status = status;
        this.error = error;
    }

    DataApiException(String request, int status, String message, Throwable cause) {
        super(message, cause);
        this.request = request;
        this.status = status;
        this.error = null;
    }

    /** Chooses the type that says what the status means for a sync. */
    static DataApiException of(String request, int status, ApiError error) {
        if (status == 409) {
            return new DataSetNotReadyException(request, error);
        }
        if (status == 404 && error.error() != null && error.error().contains("not supported by platform")) {
            return new DataTypeNotSupportedException(request, error);
        }
        return new DataApiException(request, status, error);
    }

    /** The request that failed, e.g. {@code GET /companies?page=2&pageSize=100}. */
    public String request() {
        return request;
    }

    public int status() {
        return status;
    }

    /** The decoded error body; null when the failure was not an error response. */
    public ApiError error() {
        return error;
    }

    public String correlationId() {
        return error == null ? null : error.correlationId();
    }

    private static String describe(String request, int status, ApiError error) {
        StringBuilder text = new StringBuilder(request).append(" answered ").append(status);
        if (error.error() != null) {
            text.append(": ").append(error.error());
        }
        List<String> validation = error.validationMessages();
        if (!validation.isEmpty()) {
            text.append(" (validation: ").append(String.join("; ", validation)).append(')');
        }
        if (error.correlationId() != null) {
            text.append(" [correlationId ").append(error.correlationId()).append(']');
        }
        String advice = advice(status);
        if (advice != null) {
            text.append(". ").append(advice);
        }
        return text.toString();
    }

    private static String advice(int status) {
        return switch (status) {
            case 400 -> "The request was rejected as malformed: this is a bug or a bad data set definition on our side";
            case 401 -> "Check the API key (LEDGERSYNC_API_KEY): the Data API does not recognise it";
            case 402 -> "An account limit of the Data API is reached: see the validation message, then free the limit or upgrade the account";
            case 403 -> "The API key is outdated or not allowed for this company or endpoint: check the key's scope";
            default -> null;
        };
    }
}
