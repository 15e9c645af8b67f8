package io.ledgersync.cluster;

import java.time.LocalDateTime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.integration.partition.StepExecutionRequest;
import org.springframework.batch.integration.partition.StepExecutionRequestHandler;
import org.springframework.dao.EmptyResultDataAccessException;

import io.ledgersync.sync.RunState;
import io.ledgersync.sync.job.WorkerSteps;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * A worker's handling of one partition request from the queue: Batch's {@link StepExecutionRequestHandler} runs
 * it, from its last committed page, unless the request is stale. Requests are delivered at least once (a worker
 * that dies before it acknowledges has its request redelivered), and may outlive their run (a manager that timed
 * out or died leaves them in the durable queue). So a request runs only when its run is still running and its
 * partition is not finished; any other is discarded with one line in the log:
 * <ul>
 * <li>a run that was stopped (STOPPING, STOPPED): the partition is marked STOPPED, so that the manager, which waits
 * for every partition to end, can end the run;</li>
 * <li>a run that is over otherwise (COMPLETED, FAILED, ABANDONED: its manager timed out or died), or a partition already over, or one the job
 * repository no longer has (purged): nothing to do.</li>
 * </ul>
 * A request for a partition that another worker is running waits at the partition's fence ({@link PartitionFence}),
 * and is checked again once through. A message that is not a request at all never gets here: the worker moves it to
 * the dead-letter queue ({@link PartitionRequestListener}). One handler, not one per data set as
 * {@code RemotePartitioningWorkerStepBuilder} subscribes them: every data set's worker step shares one queue, and the
 * check comes before the step. Thread-safe.
 */
final class PartitionRequests {

    private static final Logger log = LoggerFactory.getLogger(PartitionRequests.class);
    static final String METER = "ledgersync.cluster.partitions";

    private final JobRepository jobRepository;
    private final WorkerSteps steps;
    private final StepExecutionRequestHandler handler = new StepExecutionRequestHandler();
    private final HandBack running;
    private final MeterRegistry meters;

    private final RunStatuses runs;
    private final PartitionFence fence;

    PartitionRequests(JobRepository jobRepository, RunStatuses runs, WorkerSteps steps, HandBack running, PartitionFence fence,
            MeterRegistry meters) {
        this.jobRepository = jobRepository;
        this.fence = fence;
        this.running = running;
        this.runs = runs;
        this.steps = steps;
        this.meters = meters;
        handler.setJobRepository(jobRepository);
        handler.setStepLocator(steps);
        meters.gauge(METER + ".running", running, HandBack::running);
    }

    /**
     * What became of a request: the partition ran and ended so, read as every run and partition is ({@link RunState}),
     * or the request was discarded. The meter's {@code outcome} tag says it ({@link #tag}).
     */
    enum Outcome {
        COMPLETED,
        STOPPED,
        FAILED,
        /** Stale: not run (see the class comment). */
        DISCARDED;

        /** How the partition ended; one the handler hands back not ended (it never does) did not complete: FAILED. */
        static Outcome ran(BatchStatus status) {
            return switch (RunState.of(status)) {
                case COMPLETED -> COMPLETED;
                case STOPPED -> STOPPED;
                case FAILED, UNFINISHED -> FAILED;
            };
        }

        /** The meter's tag: the name, but {@code discarded} in lower case, as the meter has said since it was made. */
        String tag() {
            return this == DISCARDED ? "discarded" : name();
        }
    }

    /** Runs the partition behind its fence ({@link PartitionFence}), or discards the request; returns how it ended. */
    Outcome handle(StepExecutionRequest request) {
        Outcome outcome = check(request);
        if (outcome == null) {
            try (PartitionFence.Held fenced = fence.take(request.getStepExecutionId(), request.getStepName() + " (step execution "
                    + request.getStepExecutionId() + ")")) {
                outcome = check(request); // again: waiting at the fence, the partition may have ended on another worker
                if (outcome == null) {
                    outcome = run(request);
                }
            }
        }
        meters.counter(METER, "outcome", outcome.tag()).increment();
        return outcome;
    }

    private Outcome run(StepExecutionRequest request) {
        running.started();
        try {
            return Outcome.ran(handler.handle(request).getStatus());
        } finally {
            running.ended();
        }
    }

    /** Null when the request is to run, else {@link Outcome#DISCARDED}, having said why in the log. */
    private Outcome check(StepExecutionRequest request) {
        long id = request.getStepExecutionId();
        StepExecution partition = partition(id);
        if (partition == null) {
            return discard("Discarded the request for partition " + id + ": the job repository has no such partition"
                    + " (purged, or the request is from another warehouse sharing this cluster name)");
        }
        String name = partition.getStepName() + " of sync run " + partition.getJobExecutionId();
        if (!steps.names().contains(request.getStepName())) {
            return discard("Discarded the request for partition " + name + ": this worker has no data set '" + request.getStepName()
                    + "' (its data set files differ from the manager's)");
        }
        BatchStatus runStatus = runs.of(partition.getJobExecutionId());
        // JobOperator.stop marks the run STOPPED at once (Batch 6 sets its end time), yet the manager still waits for
        // every partition to end
        if (RunState.of(runStatus) == RunState.STOPPED && pending(partition)) {
            partition.setStatus(BatchStatus.STOPPED);
            partition.setExitStatus(ExitStatus.STOPPED);
            partition.setEndTime(LocalDateTime.now());
            jobRepository.update(partition);
            return discard("Discarded the request for partition " + name + ": the run was stopped, so the partition is STOPPED"
                    + " at its last committed page");
        }
        if (!runStatus.isRunning()) {
            return discard("Discarded the request for partition " + name + ": the run is " + runStatus
                    + " (a request left in the queue after its manager gave up or died)");
        }
        if (!pending(partition)) {
            return discard("Discarded the request for partition " + name + ": it is already " + partition.getStatus()
                    + " (a request delivered again)");
        }
        return null;
    }

    /** Not begun, or begun by a worker that died (its request came back): the states a partition runs from. */
    private static boolean pending(StepExecution partition) {
        return partition.getStatus() == BatchStatus.STARTING || partition.getStatus() == BatchStatus.STARTED;
    }

    /** Null when the job repository has no such step execution: Batch 6's DAO throws where earlier versions answered null. */
    private StepExecution partition(long id) {
        try {
            return jobRepository.getStepExecution(id);
        } catch (EmptyResultDataAccessException e) {
            return null;
        }
    }

    private static Outcome discard(String line) {
        log.info(line);
        return Outcome.DISCARDED;
    }
}
