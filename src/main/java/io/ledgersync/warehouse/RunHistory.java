package io.ledgersync.warehouse;

import java.util.List;

import org.jdbi.v3.core.Jdbi;

/**
 * Pages through the runs recorded in Spring Batch's job repository (which shares the warehouse
 * database), newest first; the repository's own API pages by job instance, not by run.
 */
public class RunHistory {

    private final Jdbi jdbi;

    RunHistory(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** The ids of the runs of {@code jobName}, newest first. */
    public List<Long> runIds(String jobName, int offset, int limit) {
        return jdbi.withHandle(handle -> handle.createQuery("""
                SELECT e.job_execution_id FROM batch_job_execution e
                JOIN batch_job_instance i ON i.job_instance_id = e.job_instance_id
                WHERE i.job_name = :job ORDER BY e.job_execution_id DESC LIMIT :limit OFFSET :offset""")
                .bind("job", jobName).bind("limit", limit).bind("offset", offset)
                .mapTo(Long.class).list());
    }

    public long count(String jobName) {
        return jdbi.withHandle(handle -> handle.createQuery("""
                SELECT COUNT(*) FROM batch_job_execution e
                JOIN batch_job_instance i ON i.job_instance_id = e.job_instance_id WHERE i.job_name = :job""")
                .bind("job", jobName).mapTo(Long.class).one());
    }
}
