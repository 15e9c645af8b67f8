package io.ledgersync.trigger.api;

import java.net.URI;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;


import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.RunDetail;
import io.ledgersync.sync.run.RunHandle;
import io.ledgersync.sync.run.RunsPage;
import io.ledgersync.sync.run.RunsPage.RunSummary;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncRuns;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

/**
 * Sync runs over HTTP: launch, list, inspect, stop and restart. Errors are RFC 9457 problem
 * details (see {@link ApiExceptionHandler}); each operation declares every status it answers, and
 * {@link ApiDocsConfiguration} adds the 401 of the security in front of them all.
 */
@RestController
@ConditionalOnExpression("'${ledgersync.command:serve}' == 'serve'") // a worker serves health and metrics only
@RequestMapping("/api/runs")
class RunController {

    private final SyncLauncher launcher;
    private final SyncRuns runs;

    RunController(SyncLauncher launcher, SyncRuns runs) {
        this.launcher = launcher;
        this.runs = runs;
    }

    /**
     * Starts a run (or resumes the unfinished one of the same request); 202 with its id and Location. An empty body
     * is a run of everything; like every POST it must be sent as {@code application/json} ({@link JsonOnlyPosts}).
     */
    @Operation(summary = "Start a run, or resume the unfinished one of the same request")
    @ApiResponse(responseCode = "202", description = "Started: the run's id, whether it resumes, and where to follow it")
    @ApiResponse(responseCode = "400", description = "An unknown field, data set, company or mode, acceptDeletes without"
            + " mode full, or a body that is not JSON",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @ApiResponse(responseCode = "409", description = "A run of the same lock is active: an incremental or full run for"
            + " either of them, a deferred run for a deferred one",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @ApiResponse(responseCode = "415", description = "Not sent as application/json, also without a body",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @PostMapping
    ResponseEntity<Launched> launch(@RequestBody(required = false) LaunchRequest body) {
        SyncRequest request = body == null ? SyncRequest.everything() : body.toSyncRequest();
        return accepted(launcher.launch(request));
    }

    /** Runs, newest first. */
    @Operation(summary = "List runs, newest first")
    @ApiResponse(responseCode = "200", description = "A page of runs")
    @ApiResponse(responseCode = "400", description = "A page below 0, or a size outside 1 to 200",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @GetMapping
    RunsPage list(@RequestParam(defaultValue = "0") int page, @RequestParam(defaultValue = "20") int size) {
        return runs.page(page, size);
    }

    /** What a run did and, while it runs, its progress. */
    @Operation(summary = "What a run did per company and data set, the failed ones first, and, while it runs, its progress")
    @ApiResponse(responseCode = "200", description = "The run")
    @ApiResponse(responseCode = "400", description = "A run id that is not a number",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @ApiResponse(responseCode = "404", description = "No such run",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @GetMapping("/{runId}")
    RunDetail detail(@PathVariable long runId) {
        return runs.detail(runId);
    }

    /** Asks a running run to stop at its next page boundary. */
    @Operation(summary = "Stop a running run at its next page boundary, keeping what it committed")
    @ApiResponse(responseCode = "202", description = "Stopping: the run as it stands")
    @ApiResponse(responseCode = "400", description = "A run id that is not a number",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @ApiResponse(responseCode = "404", description = "No such run",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @ApiResponse(responseCode = "409", description = "The run is not running",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @ApiResponse(responseCode = "415", description = "Not sent as application/json (a body is not needed)",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @PostMapping("/{runId}/stop")
    ResponseEntity<RunSummary> stop(@PathVariable long runId) {
        launcher.stop(runId);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(RunSummary.of(runs.detail(runId)));
    }

    /** Resumes a failed or stopped run from its last committed pages. */
    @Operation(summary = "Resume a failed or stopped run from its last committed pages")
    @ApiResponse(responseCode = "202", description = "Resumed: the new run's id and where to follow it")
    @ApiResponse(responseCode = "400", description = "A run id that is not a number",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @ApiResponse(responseCode = "404", description = "No such run",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @ApiResponse(responseCode = "409", description = "The run completed, is running, was resumed already, or its kind is active",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @ApiResponse(responseCode = "415", description = "Not sent as application/json (a body is not needed)",
            content = @Content(mediaType = ApiDocsConfiguration.PROBLEM_JSON, schema = @Schema(implementation = ProblemDetail.class)))
    @PostMapping("/{runId}/restart")
    ResponseEntity<Launched> restart(@PathVariable long runId) {
        return accepted(launcher.restart(runId));
    }

    private static ResponseEntity<Launched> accepted(RunHandle handle) {
        URI location = URI.create("/api/runs/" + handle.runId());
        return ResponseEntity.accepted().location(location).body(new Launched(handle.runId(), handle.resumed(), location.toString()));
    }

    /** The answer to a launch: the run's id, whether it resumes an earlier run, and where to follow it. */
    record Launched(long runId, boolean resumed, String location) {
    }

}
