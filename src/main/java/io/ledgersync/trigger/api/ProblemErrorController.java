package io.ledgersync.trigger.api;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Hidden;

/**
 * The answer to an error that Spring MVC's handlers never saw (the container's own, a filter's {@code sendError}),
 * as a problem detail like every other: Spring Boot's {@code /error} answers with its own JSON or an HTML page.
 */
@Hidden
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@RestController
@RequestMapping("${server.error.path:/error}")
class ProblemErrorController implements ErrorController {

    @RequestMapping
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        HttpStatus status = status(request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE));
        Object path = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, status.is5xxServerError()
                ? "The request failed on our side; the service's log has the cause"
                : "The request " + (path == null ? "" : "to " + path + " ") + "was refused: " + status.getReasonPhrase()
                        + " (the API is described at /v3/api-docs)");
        problem.setTitle(status.getReasonPhrase());
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    /** The status of the error; 404 when there is none: someone asked for {@code /error} itself, which is nothing. */
    private static HttpStatus status(Object code) {
        HttpStatus status = code instanceof Integer value ? HttpStatus.resolve(value) : null;
        return status == null ? HttpStatus.NOT_FOUND : status;
    }
}
