package io.ledgersync.source;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A request to the Data API failed (CONTRACT.md §7.1); carries the decoded error body so that the
 * operator can quote {@code error} and {@code correlationId} to support, and says per type what the
 * failure means for a sync. This class is the one home of that classification:
 * <ul>
 * <li>{@link #retriable()} (202, 429, 500 and other 5xx, 503, I/O): the client itself retries the request;</li>
 * <li>{@link #permanent()} (400 our bug or bad configuration, 401, 402, 403, 405): only a person can fix it, so
 * the whole run stops at the first one and nothing is retried;</li>
 * <li>neither: a plain 404 (the company vanished), a malformed or incomplete response, an open circuit or a local
 * limit fail only their own partition, which a later run resumes; a 404 "data type not supported"
 * ({@link DataTypeNotSupportedException}) and a 409 ({@link DataSetNotReadyException}) are not failures at all but
 * outcomes the job records.</li>
 * </ul>
 * Immutable, so thread-safe.
 */
public class DataApiException extends RuntimeException {

    private final String request;
    private final int status;
    private final ApiError error;
    private final Duration retryAfter;

    DataApiException(String request, int status, ApiError error) {
        this(request, status, error, null, null);
    }

    DataApiException(String request, int status, ApiError error, Duration retryAfter, String advice) {
        super(describe(request, status, error, retryAfter, advice));
        this.request = request;
        this.status = status;
        this.error = error;
        this.retryAfter = retryAfter;
    }

    DataApiException(String request, int status, String message, Throwable cause) {
        super(message, cause);
        this.request = request;
        this.status = status;
        this.error = null;
        this.retryAfter = null;
    }

    /** Chooses the type that says what the status means for a sync. */
    static DataApiException of(String request, int status, ApiError error) {
        return of(request, status, error, null);
    }

    /** Chooses the type that says what the status means; {@code retryAfter} is the parsed header or null. */
    static DataApiException of(String request, int status, ApiError error, Duration retryAfter) {
        return switch (status) {
            case 202 -> new StillProcessingException(request, error, retryAfter);
            case 400 -> new BadRequestException(request, error);
            case 401 -> new AuthenticationException(request, error);
            case 402 -> new AccountLimitException(request, error);
            case 403 -> new ForbiddenException(request, error);
            case 404 -> DataTypeNotSupportedException.matches(error)
                    ? new DataTypeNotSupportedException(request, error)
                    : new NotFoundException(request, error);
            case 405 -> new MethodNotAllowedException(request, error);
            case 409 -> new DataSetNotReadyException(request, error);
            case 429 -> new RateLimitedException(request, error, retryAfter);
            case 503 -> new ServiceUnavailableException(request, error, retryAfter);
            default -> status >= 500
                    ? new ServerErrorException(request, status, error, retryAfter)
                    : new DataApiException(request, status, error, retryAfter,
                            "The Data API answered a status its contract does not list for this request");
        };
    }

    /** The request that failed, e.g. {@code GET /companies?page=2&pageSize=100}. */
    public String request() {
        return request;
    }

    /** The HTTP status; 0 when no response was received (I/O failure, open circuit, local limit). */
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

    /** The exception name before the colon of {@code error}, e.g. {@code CompanyValidationException}. */
    public String exceptionName() {
        return error == null ? null : error.exceptionName();
    }

    /** The {@code validation.errors[].message} texts of the error body, empty when there are none. */
    public List<String> validationMessages() {
        return error == null ? List.of() : error.validationMessages();
    }

    /** How long the Data API asked us to wait ({@code Retry-After}), when it said. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    /** True when the same request may succeed if sent again after a pause; the client retries these. */
    public boolean retriable() {
        return false;
    }

    /**
     * True when only a person can fix this (a key, an account limit, a bug or configuration of ours): retrying, now
     * or in a later run, cannot, and the run stops instead of letting every partition fail the same way.
     */
    public boolean permanent() {
        return false;
    }

    private static String describe(String request, int status, ApiError error, Duration retryAfter, String advice) {
        StringBuilder text = new StringBuilder(request).append(" answered ").append(status);
        if (error != null) {
            if (error.error() != null) {
                text.append(": ").append(error.error());
            }
            List<String> validation = error.validationMessages();
            if (validation != null && !validation.isEmpty()) {
                text.append(" (validation: ").append(String.join("; ", validation)).append(')');
            }
            if (error.correlationId() != null) {
                text.append(" [correlationId ").append(error.correlationId()).append(']');
            }
        }
        if (retryAfter != null) {
            text.append(" [Retry-After ").append(retryAfter.toSeconds()).append(" s]");
        }
        if (advice != null) {
            text.append(". ").append(advice);
        }
        return text.toString();
    }
}
