package io.ledgersync.cluster;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.partition.support.AbstractPartitionHandler;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.integration.partition.StepExecutionRequest;
import org.springframework.integration.support.MessageBuilder;
import org.springframework.messaging.MessageChannel;

/**
 * The manager's side of one data set's step in cluster mode: one request per partition to the queue, then a wait for
 * every partition to end, reading at each {@code ledgersync.cluster.poll-interval} only how many of them still run (one
 * indexed query, {@link RunStatuses#running}), and the partitions' executions once, when none does.
 *
 * <p>Why not Batch's {@code MessageChannelPartitionHandler} in polling mode: in Spring Batch 6.0.4 each of its polls
 * reads the whole run from the job repository, the run, its instance and parameters, every step execution of every data
 * set so far and each one's execution context, one query per step execution (spring-batch #3790; the count it polled in
 * 5.x is PR #4705, open). With the company data sets side by side, every data set's step would do that at every poll.
 * The requests are the same {@link StepExecutionRequest}s on the same channel, so workers of either version run them.
 *
 * <p>A wait longer than {@code timeout} fails the step (a {@link TimeoutException}), as Batch's did: its partitions go on
 * where they run, and the run is resumable. Thread-safe: it keeps nothing between calls; one per data set's step.
 */
final class PollingPartitionHandler extends AbstractPartitionHandler {

    /** How the manager waits between polls; a test passes one that moves its clock instead. */
    @FunctionalInterface
    interface Pause {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final String workerStep;
    private final MessageChannel requests;
    private final JobRepository jobRepository;
    private final RunStatuses statuses;
    private final Duration pollInterval;
    private final Duration timeout;
    private final Clock clock;
    private final Pause pause;

    /**
     * @param workerStep the step the workers run each partition with: the data set's name
     * @param requests where each partition's request goes (to the queue)
     */
    PollingPartitionHandler(String workerStep, int gridSize, MessageChannel requests, JobRepository jobRepository, RunStatuses statuses,
            Duration pollInterval, Duration timeout, Clock clock, Pause pause) {
        this.workerStep = workerStep;
        this.requests = requests;
        this.jobRepository = jobRepository;
        this.statuses = statuses;
        this.pollInterval = pollInterval;
        this.timeout = timeout;
        this.clock = clock;
        this.pause = pause;
        setGridSize(gridSize);
    }

    @Override
    protected Set<StepExecution> doHandle(StepExecution manager, Set<StepExecution> partitions) throws Exception {
        if (partitions.isEmpty()) {
            return partitions;
        }
        Instant deadline = clock.instant().plus(timeout);
        for (StepExecution partition : partitions) {
            requests.send(MessageBuilder.withPayload(new StepExecutionRequest(workerStep, partition.getId())).build());
        }
        List<Long> ids = partitions.stream().map(StepExecution::getId).toList();
        for (long running = statuses.running(ids); running > 0; running = statuses.running(ids)) {
            if (!clock.instant().isBefore(deadline)) {
                throw new TimeoutException(running + " of " + ids.size() + " partition(s) of " + workerStep + " still running after "
                        + timeout + " (ledgersync.cluster.timeout); they go on where they run, and the next run resumes the rest");
            }
            pause.sleep(pollInterval);
        }
        // once, now that they have ended: the executions as the workers left them, for the step's aggregation
        JobExecution run = jobRepository.getJobExecution(manager.getJobExecutionId());
        Set<Long> ended = Set.copyOf(ids);
        return run.getStepExecutions().stream().filter(step -> ended.contains(step.getId())).collect(Collectors.toSet());
    }
}
