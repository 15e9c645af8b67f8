package io.ledgersync.trigger.api;

import java.time.Instant;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import io.ledgersync.sync.history.RunNotFoundException;
import io.ledgersync.sync.run.RunStateException;
import io.ledgersync.sync.run.SyncAlreadyRunningException;

/**
 * Every error of the API as an RFC 9457 problem detail with the status a client can act on and a
 * detail in the API's words: the launcher's refusals, and Spring MVC's own (unreadable body, wrong
 * parameter type, unknown path, method or media type, via {@link ResponseEntityExceptionHandler}).
 * Never internals: no exception class, no Java type, no dump of a Batch execution; what failed on
 * our side is logged, and the answer points there. Global, so that a path no controller maps is
 * answered the same way.
 */
@RestControllerAdvice
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @ExceptionHandler(IllegalArgumentException.class)
    ProblemDetail badRequest(IllegalArgumentException e) {
        return problem(HttpStatus.BAD_REQUEST, "Invalid request", e.getMessage());
    }

    @ExceptionHandler(RunNotFoundException.class)
    ProblemDetail notFound(RunNotFoundException e) {
        return problem(HttpStatus.NOT_FOUND, "Unknown run", e.getMessage());
    }

    @ExceptionHandler({SyncAlreadyRunningException.class, RunStateException.class})
    ProblemDetail conflict(RuntimeException e) {
        return problem(HttpStatus.CONFLICT, "Conflicting run", e.getMessage());
    }

    /** Whatever failed on our side (the database, a bug): the log has the cause, the caller the time to find it by. */
    @ExceptionHandler(Exception.class)
    ProblemDetail internalError(Exception e, WebRequest request) {
        Instant at = Instant.now();
        log.error("{} failed at {}", request.getDescription(false), at, e);
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, "Internal error",
                "The request failed on our side at " + at + "; the service's log has the cause");
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "Invalid request body", RequestBodyProblems.describe(e, LaunchRequest.FORM));
        return handleExceptionInternal(e, problem, headers, status, request);
    }

    /** A POST that is not JSON (see {@link JsonOnlyPosts}), said in the API's words with the type that is accepted. */
    @Override
    protected ResponseEntity<Object> handleHttpMediaTypeNotSupported(HttpMediaTypeNotSupportedException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String sent = e.getContentType() == null ? "none or an unreadable one" : e.getContentType().toString();
        ProblemDetail problem = problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type",
                "The API accepts only JSON: send Content-Type: application/json, also with an empty body (this"
                        + " request had " + sent + ")");
        headers.setAccept(List.of(MediaType.APPLICATION_JSON));
        return handleExceptionInternal(e, problem, headers, status, request);
    }

    /** A path segment or query parameter that is not of its type, e.g. {@code GET /api/runs/abc}. */
    @Override
    protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException e, HttpHeaders headers, HttpStatusCode status,
            WebRequest request) {
        String name = e instanceof MethodArgumentTypeMismatchException argument ? argument.getName() : e.getPropertyName();
        Class<?> type = e.getRequiredType();
        String expected = type != null && (Number.class.isAssignableFrom(type) || type.isPrimitive()) ? "a whole number" : "valid";
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "Invalid request",
                "'" + e.getValue() + "' is not a valid " + name + ": it must be " + expected);
        return handleExceptionInternal(e, problem, headers, status, request);
    }

    @Override
    protected ResponseEntity<Object> handleNoResourceFoundException(NoResourceFoundException e, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        ProblemDetail problem = problem(HttpStatus.NOT_FOUND, "Not found",
                "Nothing at " + e.getHttpMethod() + " /" + e.getResourcePath() + ": the API is described at /v3/api-docs");
        return handleExceptionInternal(e, problem, headers, status, request);
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        return problem;
    }
}
