package io.ledgersync.sync.run;

import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.scheduling.annotation.Scheduled;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.history.RunPartitions;
import io.ledgersync.sync.history.RunProgress;

/**
 * The runs executing in this process: a launch waits here for its run to get an id, the REST API
 * reads their live progress, and every {@code ledgersync.sync.progress-interval} their progress is
 * logged (records, pages, rate, time left). Runs are keyed by their {@code launched.at} parameter,
 * which identifies a job instance and so survives a resume. Thread-safe.
 */
public class ActiveRuns {

    private static final Logger log = LoggerFactory.getLogger(ActiveRuns.class);

    private final Map<Long, CompletableFuture<JobExecution>> starting = new ConcurrentHashMap<>();
    private final Map<Long, RunPartitions> running = new ConcurrentHashMap<>();
    private final Clock clock;
    private final Function<JobExecution, Collection<StepExecution>> liveSteps;

    /** @param liveSteps the steps of a live run as they are now: {@link PartitionSteps#liveSteps} */
    public ActiveRuns(Clock clock, Function<JobExecution, Collection<StepExecution>> liveSteps) {
        this.clock = clock;
        this.liveSteps = liveSteps;
    }

    /** Registers a launch before its run starts; the future completes when the run has an id. */
    CompletableFuture<JobExecution> expect(long launchedAt) {
        return starting.computeIfAbsent(launchedAt, key -> new CompletableFuture<>());
    }

    /** @param earlier the earlier executions of the run that this one resumes; empty for a new run */
    void started(JobExecution execution, List<JobExecution> earlier) {
        running.put(execution.getId(), RunPartitions.of(execution, earlier).withSteps(liveSteps));
        CompletableFuture<JobExecution> waiting = starting.remove(RunLookup.launchedAt(execution));
        if (waiting != null) {
            waiting.complete(execution);
        }
    }

    void finished(JobExecution execution) {
        running.remove(execution.getId());
    }

    void forget(long launchedAt) {
        starting.remove(launchedAt);
    }

    /** The live execution of a run of this process, with its in-memory partition contexts, and what it resumed. */
    Optional<RunPartitions> running(long runId) {
        return Optional.ofNullable(running.get(runId));
    }

    Optional<RunProgress> progress(long runId) {
        return running(runId).map(run -> RunProgress.of(run, clock.instant()));
    }

    @Scheduled(fixedDelayString = "${ledgersync.sync.progress-interval}",
            initialDelayString = "${ledgersync.sync.progress-interval}")
    void logProgress() {
        running.values().forEach(run -> log.info("Sync run {}: {}", run.execution().getId(),
                RunProgress.of(run, clock.instant()).describe()));
    }
}
