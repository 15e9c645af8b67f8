package io.ledgersync.warehouse.state;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.dialect.Dialect;


/**
 * The history of runs: pages through the runs recorded in Spring Batch's job repository (which
 * shares the warehouse database), newest first — the repository's own API pages by job instance, not
 * by run — and keeps when each data set was last synced successfully. Thread-safe.
 */
public class RunHistory {

    private final Jdbi jdbi;
    private final String upsertSuccess;

    public RunHistory(Jdbi jdbi, Dialect dialect) {
        this.jdbi = jdbi;
        this.upsertSuccess = dialect.upsert("data_set_success", List.of("data_set", "run_id", "finished_at"), List.of("data_set"),
                Set.of());
    }

    /** Records that a run synced a data set successfully (see {@code data_set_success}); a later success replaces it. */
    public void recordSuccess(String dataSet, long runId, Instant finishedAt) {
        jdbi.useHandle(handle -> handle.createUpdate(upsertSuccess)
                .bind(0, dataSet).bind(1, runId).bind(2, finishedAt.atOffset(ZoneOffset.UTC)).execute());
    }

    /** When each data set was last synced successfully. */
    public List<LastSuccess> lastSuccesses() {
        return jdbi.withExtension(DataSetSuccessQueries.class, DataSetSuccessQueries::lastSuccesses);
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

    /** A data set and when it was last synced successfully. */
    public record LastSuccess(String dataSet, OffsetDateTime finishedAt) {
    }
}
