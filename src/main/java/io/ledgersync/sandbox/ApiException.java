package io.ledgersync.sandbox;

/**
 * A request the sandbox refuses, carrying what the error body (data-api.md §2.4) needs: status, exception name
 * and text. Thrown anywhere while handling a request and turned into the response in one place.
 */
final class ApiException extends RuntimeException {

    private final int status;
    private final String exceptionName;
    private final String allow;

    private ApiException(int status, String exceptionName, String text, String allow) {
        super(text, null, false, false);
        this.status = status;
        this.exceptionName = exceptionName;
        this.allow = allow;
    }

    static ApiException badRequest(String text) {
        return new ApiException(400, "BadRequest", text, null);
    }

    static ApiException unauthorized(String text) {
        return new ApiException(401, "Unauthorized", text, null);
    }

    static ApiException notFound(String exceptionName, String text) {
        return new ApiException(404, exceptionName, text, null);
    }

    static ApiException methodNotAllowed(String method, String path, String allow) {
        return new ApiException(405, "MethodNotAllowed",
                "The method " + method + " is not allowed on " + path + "; allowed: " + allow + ".", allow);
    }

    static ApiException internal(String text) {
        return new ApiException(500, "InternalServerError", text, null);
    }

    int status() {
        return status;
    }

    /** The {@code error} field: {@code <ExceptionName>: <text>}, the form of §2.4 and §7.3 rule 3. */
    String error() {
        return exceptionName + ": " + getMessage();
    }

    /** The {@code Allow} header of a 405, or null. */
    String allow() {
        return allow;
    }
}
