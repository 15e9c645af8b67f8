package io.ledgersync.sandbox.records;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A request the sandbox refuses, carrying what the error body (CONTRACT.md §2.4) needs: status, error text, the
 * optional validation element, and any headers the refusal adds. Thrown anywhere while handling a request and turned
 * into the response in one place ({@code sandbox.http}). It sits in the lowest layer because every layer refuses
 * requests, this one included: a malformed query (400), a data set that is not ready (409).
 */
public final class ApiException extends RuntimeException {

    /** One element of {@code validation.errors} (§2.4); itemId and validatorName may be null. */
    public record ValidationItem(String itemId, String message, String validatorName) {
    }

    private final int status;
    private final String exceptionName;
    private final List<ValidationItem> validation;
    private final Map<String, String> headers;

    private ApiException(int status, String exceptionName, String text, List<ValidationItem> validation,
            Map<String, String> headers) {
        super(text, null, false, false);
        this.status = status;
        this.exceptionName = exceptionName;
        this.validation = validation;
        this.headers = headers;
    }

    private ApiException(int status, String exceptionName, String text) {
        this(status, exceptionName, text, null, Map.of());
    }

    public static ApiException badRequest(String text) {
        return new ApiException(400, "BadRequest", text);
    }

    public static ApiException unauthorized(String text) {
        return new ApiException(401, "Unauthorized", text);
    }

    /** 402 with the validation element of §7.2; {@code error} is given whole because §7.2 fixes it exactly. */
    public static ApiException paymentRequired(String error, ValidationItem item) {
        return new ApiException(402, null, error, List.of(item), Map.of());
    }

    /** The platform's own 403 text (§5 rule 3). */
    public static ApiException forbidden() {
        return new ApiException(403, null,
                "You are using an outdated API key or a key not associated with that resource.");
    }

    public static ApiException notFound(String exceptionName, String text) {
        return new ApiException(404, exceptionName, text);
    }

    public static ApiException methodNotAllowed(String method, String path, String allow) {
        return new ApiException(405, "MethodNotAllowed",
                "The method " + method + " is not allowed on " + path + "; allowed: " + allow + ".", null,
                Map.of("Allow", allow));
    }

    /** 409 with the text as given: the platform's not-ready texts carry no exception name. */
    public static ApiException conflict(String text) {
        return new ApiException(409, null, text);
    }

    public static ApiException tooManyRequests(Map<String, String> headers) {
        return new ApiException(429, null,
                "You have made too many requests in a given amount of time; please retry later.", null, headers);
    }

    public static ApiException internal(String text) {
        return new ApiException(500, "InternalServerError", text);
    }

    /** A scripted 500 in the platform's words, as a client meets it in production. */
    public static ApiException serverProblem() {
        return new ApiException(500, null, "There is a problem with our server. Please try again later.");
    }

    public static ApiException unavailable(Map<String, String> headers) {
        return new ApiException(503, null,
                "The service is temporarily offline for maintenance. Please try again later.", null, headers);
    }

    public int status() {
        return status;
    }

    /** The {@code error} field: {@code <ExceptionName>: <text>} (§2.4, §7.3 rule 3), or the text alone. */
    public String error() {
        return exceptionName == null ? getMessage() : exceptionName + ": " + getMessage();
    }

    /** The {@code validation.errors} elements, or null when the body has no {@code validation}. */
    public List<ValidationItem> validation() {
        return validation;
    }

    /** Response headers that belong to this refusal ({@code Allow}, {@code Retry-After}, ...). */
    public Map<String, String> headers() {
        return new LinkedHashMap<>(headers);
    }
}
