package io.ledgersync.trigger;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.ledgersync.sync.RunDetail;
import io.ledgersync.sync.RunHandle;
import io.ledgersync.sync.SyncLauncher;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.SyncRuns;

/**
 * Sync runs over HTTP: launch, list, inspect, stop and restart. Errors are RFC 9457 problem
 * details (see {@link ApiExceptionHandler}).
 */
@RestController
@RequestMapping("/api/runs")
class RunController {

    private final SyncLauncher launcher;
    private final SyncRuns runs;

    RunController(SyncLauncher launcher, SyncRuns runs) {
        this.launcher = launcher;
        this.runs = runs;
    }

    /** Starts a run (or resumes the unfinished one of the same request); 202 with its id and Location. */
    @PostMapping
    ResponseEntity<Launched> launch(@RequestBody(required = false) LaunchRequest body) {
        SyncRequest request = body == null ? SyncRequest.everything() : body.toSyncRequest();
        return accepted(launcher.launch(request));
    }

    /** Runs, newest first. */
    @GetMapping
    RunsPage list(@RequestParam(defaultValue = "0") int page, @RequestParam(defaultValue = "20") int size) {
        if (page < 0 || size < 1 || size > 200) {
            throw new IllegalArgumentException("page must be 0 or more and size 1 to 200; was page=" + page + ", size=" + size);
        }
        List<RunSummary> summaries = runs.runs(page, size).stream().map(RunSummary::of).toList();
        return new RunsPage(summaries, page, size, runs.runCount());
    }

    /** What a run did and, while it runs, its progress. */
    @GetMapping("/{runId}")
    RunDetail detail(@PathVariable long runId) {
        return runs.detail(runId);
    }

    /** Asks a running run to stop at its next page boundary. */
    @PostMapping("/{runId}/stop")
    ResponseEntity<RunSummary> stop(@PathVariable long runId) {
        launcher.stop(runId);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(RunSummary.of(runs.detail(runId)));
    }

    /** Resumes a failed or stopped run from its last committed pages. */
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

    /** A page of runs. */
    record RunsPage(List<RunSummary> runs, int page, int size, long total) {
    }

    /** A run in a list: what was asked and how it ended. */
    record RunSummary(long runId, SyncRequest request, String status, String exitCode, Instant startedAt,
            Instant endedAt) {

        static RunSummary of(RunDetail detail) {
            return new RunSummary(detail.runId(), detail.request(), detail.status(), detail.exitCode(), detail.startedAt(),
                    detail.endedAt());
        }
    }
}
