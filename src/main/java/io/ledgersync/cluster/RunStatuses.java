package io.ledgersync.cluster;

import java.util.List;

import org.springframework.batch.core.BatchStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A run's status as the job repository has it now, in one indexed read of one column: what a worker asks before each
 * partition and after each page. Batch's {@code getJobExecution} would read the run's parameters and context too.
 * Thread-safe.
 */
final class RunStatuses {

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
}
