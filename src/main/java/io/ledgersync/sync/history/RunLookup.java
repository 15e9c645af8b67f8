package io.ledgersync.sync.history;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.dao.EmptyResultDataAccessException;
import io.ledgersync.sync.RunState;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.walk.PartitionContext;

/** Finds sync runs in Spring Batch's job repository. Thread-safe. */
public final class RunLookup {

    /** How many of the newest job instances are searched for an unfinished run of the same lock. */
    private static final int SEARCHED_INSTANCES = 50;

    private final JobRepository jobRepository;

    public RunLookup(JobRepository jobRepository) {
        this.jobRepository = jobRepository;
    }

    /** @throws RunNotFoundException when there is no sync run with that id */
    public JobExecution execution(long runId) {
        JobExecution execution;
        try {
            execution = jobRepository.getJobExecution(runId);
        } catch (EmptyResultDataAccessException e) {
            throw new RunNotFoundException(runId); // some repository versions throw rather than answer null
        }
        if (execution == null || !execution.getJobInstance().getJobName().equals(SyncRequest.JOB_NAME)) {
            throw new RunNotFoundException(runId);
        }
        return execution;
    }

    /**
     * Whether the job repository records the end of this execution: what every other reader of the run sees. Reads the
     * executions of its job instance alone, not their steps and contexts.
     */
    public boolean ended(JobExecution execution) {
        return jobRepository.findJobExecutions(execution.getJobInstance()).stream()
                .anyMatch(stored -> stored.getId() == execution.getId() && stored.getEndTime() != null);
    }

    /** The newest execution of the run's job instance: a run resumed later has a newer one. */
    public JobExecution latest(JobExecution execution) {
        return jobRepository.getLastJobExecution(execution.getJobInstance());
    }

    /**
     * The run an execution belongs to: the execution, and the earlier executions of its job instance
     * that it resumed (none for a first execution), read with their partitions.
     */
    /**
     * Brings the partitions of a run held in memory up to what the job repository has: partitions that other
     * processes ran (cluster mode) left this process's copies as the partitioner created them.
     */
    public void refreshPartitions(JobExecution execution) {
        for (StepExecution step : execution.getStepExecutions()) {
            if (!PartitionContext.isPartition(step)) {
                continue;
            }
            StepExecution stored = jobRepository.getStepExecution(execution.getId(), step.getId());
            if (stored == null || stored == step) {
                continue;
            }
            step.setStatus(stored.getStatus());
            step.setExitStatus(stored.getExitStatus());
            step.setStartTime(stored.getStartTime());
            step.setEndTime(stored.getEndTime());
            step.setReadCount(stored.getReadCount());
            step.setWriteCount(stored.getWriteCount());
            step.setCommitCount(stored.getCommitCount());
            step.setRollbackCount(stored.getRollbackCount());
            step.setExecutionContext(stored.getExecutionContext());
        }
    }

    public RunPartitions partitions(JobExecution execution) {
        return RunPartitions.of(execution, earlier(execution));
    }

    /** The executions of the same job instance before this one, with their partitions. */
    public List<JobExecution> earlier(JobExecution execution) {
        // findJobExecutions reads the executions alone: only a resumed run pays for reading its earlier partitions
        return jobRepository.findJobExecutions(execution.getJobInstance()).stream()
                .filter(previous -> previous.getId() < execution.getId())
                .map(previous -> jobRepository.getJobExecution(previous.getId()))
                .toList();
    }

    /**
     * The latest run that takes the same lock ({@link SyncRequest.Kind#lockName}), if it has the same request and is not
     * finished ({@link RunState#finished}): the next launch resumes it. A run of the other kind of that lock in
     * between (an incremental run after a full refresh that failed) leaves nothing to resume.
     */
    public Optional<JobExecution> unfinished(SyncRequest request) {
        return latestOfLock(request.kind().lockName())
                .filter(last -> !RunState.finished(last.getStatus()))
                .filter(last -> SyncRequest.from(last.getJobParameters()).equals(request));
    }

    /** The newest execution of the latest run that takes this lock ({@link SyncRequest.Kind#lockName}), if any. */
    public Optional<JobExecution> latestOfLock(String lockName) {
        for (JobInstance instance : jobRepository.getJobInstances(SyncRequest.JOB_NAME, 0, SEARCHED_INSTANCES)) {
            JobExecution last = jobRepository.getLastJobExecution(instance);
            if (last != null && SyncRequest.from(last.getJobParameters()).kind().lockName().equals(lockName)) {
                return Optional.of(last);
            }
        }
        return Optional.empty();
    }

    /**
     * The runs that take this lock ({@link SyncRequest.Kind#lockName}) and that the job repository shows as active
     * (starting, started or stopping), oldest first: alive in some process, or left so by one that died.
     */
    public List<JobExecution> lookingActive(String lockName) {
        return jobRepository.findRunningJobExecutions(SyncRequest.JOB_NAME).stream()
                .filter(execution -> SyncRequest.from(execution.getJobParameters()).kind().lockName().equals(lockName))
                .sorted(Comparator.comparingLong(JobExecution::getId))
                .toList();
    }

    /** The launch time that identifies the run's job instance, and so survives a resume. */
    public static long launchedAt(JobExecution execution) {
        return SyncRequest.launchedAt(execution.getJobParameters());
    }
}
