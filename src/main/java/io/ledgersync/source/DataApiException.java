package io.ledgersync.source;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A request to the Data API failed (CONTRACT.md §7.1); carries the decoded error body so that the
 * operator can quote {@code error} and {@code correlationId} to support, and says whether the
 * failure is worth retrying.
 *
 * <p>Classification: {@link #retriable()} failures (429, 500, 503, 202, I/O) are retried by the
 * client itself; {@link #permanent()} failures (400, 401, 402, 403, 405, 404) need a change by an
 * operator or a developer and are never retried; the rest (409 not ready, a malformed or
 * incomplete response, an open circuit) are neither: the job decides.
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

    /** True when only an operator or a code change can fix this: retrying, now or in a later run, cannot. */
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
