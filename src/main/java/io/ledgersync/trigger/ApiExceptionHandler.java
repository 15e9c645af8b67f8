package io.ledgersync.trigger;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import io.ledgersync.sync.RunNotFoundException;
import io.ledgersync.sync.RunStateException;
import io.ledgersync.sync.SyncAlreadyRunningException;

/** Turns the launcher's refusals into problem details with the status a client can act on. */
@RestControllerAdvice(assignableTypes = RunController.class)
class ApiExceptionHandler {

    @ExceptionHandler({IllegalArgumentException.class, MethodArgumentTypeMismatchException.class,
            HttpMessageNotReadableException.class})
    ProblemDetail badRequest(Exception e) {
        String detail = e instanceof HttpMessageNotReadableException
                ? "The request body is not valid JSON of the form {\"mode\": \"full|deferred\", \"datasets\": [...], \"companies\": [...]}"
                : e.getMessage();
        return problem(HttpStatus.BAD_REQUEST, "Invalid request", detail);
    }

    @ExceptionHandler(RunNotFoundException.class)
    ProblemDetail notFound(RunNotFoundException e) {
        return problem(HttpStatus.NOT_FOUND, "Unknown run", e.getMessage());
    }

    @ExceptionHandler({SyncAlreadyRunningException.class, RunStateException.class})
    ProblemDetail conflict(RuntimeException e) {
        return problem(HttpStatus.CONFLICT, "Conflicting run", e.getMessage());
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        return problem;
    }
}
