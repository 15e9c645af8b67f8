package io.ledgersync.cluster;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import org.springframework.batch.core.BatchStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A run's status as the job repository has it now, in one indexed read of one column: what a worker asks before each
 * partition and after each page; and how many of a step's partitions still run, what the manager asks at each poll.
 * Batch's {@code getJobExecution} would read the run's parameters, every step execution and their contexts too.
 * PostgreSQL (cluster mode needs it). Thread-safe.
 */
final class RunStatuses {

    /** STARTING, STARTED, STOPPING: a partition in one of these has not ended. */
    private static final String RUNNING = Arrays.stream(BatchStatus.values()).filter(BatchStatus::isRunning)
            .map(status -> "'" + status.name() + "'").collect(Collectors.joining(", "));

    private final JdbcTemplate jdbc;

    RunStatuses(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** {@link BatchStatus#UNKNOWN} for a run the job repository does not have (purged). */
    BatchStatus of(long runId) {
        List<String> status = jdbc.queryForList("SELECT status FROM batch_job_execution WHERE job_execution_id = ?", String.class,
                runId);
        return status.isEmpty() ? BatchStatus.UNKNOWN : BatchStatus.valueOf(status.get(0));
    }

    /** How many of these step executions have not ended: one indexed read, however many there are. */
    long running(Collection<Long> stepExecutionIds) {
        Long count = jdbc.queryForObject("SELECT COUNT(*) FROM batch_step_execution WHERE step_execution_id = ANY(?) AND status IN ("
                + RUNNING + ")", Long.class, (Object) stepExecutionIds.toArray(Long[]::new));
        return count == null ? 0 : count;
    }
}
