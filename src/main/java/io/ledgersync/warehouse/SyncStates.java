package io.ledgersync.warehouse;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.jdbi.v3.core.Jdbi;

/**
 * The {@code sync_state} and {@code sync_reconciliation} tables: what each company's data set
 * came to in the last run, and what each run read against what the source announced. Writes join
 * the caller's transaction when there is one. Thread-safe.
 */
public class SyncStates {

    private static final List<String> STATE_COLUMNS = List.of("company_id", "data_set", "state", "attempts", "next_attempt_at",
            "last_success_at", "last_error", "last_correlation_id", "last_run_id", "updated_at");
    private static final List<String> RECONCILIATION_COLUMNS = List.of("run_id", "company_id", "data_set", "records_read",
            "total_results", "matched", "recorded_at");

    private final Jdbi jdbi;
    private final String upsertState;
    private final String upsertReconciliation;

    SyncStates(Jdbi jdbi, Dialect dialect) {
        this.jdbi = jdbi;
        this.upsertState = dialect.upsert("sync_state", STATE_COLUMNS, List.of("company_id", "data_set"), Set.of());
        this.upsertReconciliation = dialect.upsert("sync_reconciliation", RECONCILIATION_COLUMNS,
                List.of("run_id", "company_id", "data_set"), Set.of());
    }

    public void save(SyncState state) {
        jdbi.useHandle(handle -> handle.createUpdate(upsertState)
                .bind(0, state.companyId())
                .bind(1, state.dataSet())
                .bind(2, state.state().name())
                .bind(3, state.attempts())
                .bind(4, utc(state.nextAttemptAt()))
                .bind(5, utc(state.lastSuccessAt()))
                .bind(6, truncate(state.lastError()))
                .bind(7, state.lastCorrelationId())
                .bind(8, state.lastRunId())
                .bind(9, utc(state.updatedAt()))
                .execute());
    }

    public Optional<SyncState> find(String companyId, String dataSet) {
        return jdbi.withExtension(SyncStateQueries.class, q -> q.find(companyId, dataSet));
    }

    public List<SyncState> all() {
        return jdbi.withExtension(SyncStateQueries.class, SyncStateQueries::all);
    }

    /** The {@code DEFERRED} data sets whose next attempt is due at {@code now}, oldest first. */
    public List<SyncState> due(Instant now) {
        return jdbi.withExtension(SyncStateQueries.class, q -> q.due(utc(now)));
    }

    /** Records what a run read of one company's data set against the source's {@code totalResults}. */
    public void reconcile(long runId, String companyId, String dataSet, long recordsRead, long totalResults, Instant at) {
        jdbi.useHandle(handle -> handle.createUpdate(upsertReconciliation)
                .bind(0, runId)
                .bind(1, companyId)
                .bind(2, dataSet)
                .bind(3, recordsRead)
                .bind(4, totalResults)
                .bind(5, recordsRead == totalResults)
                .bind(6, utc(at))
                .execute());
    }

    /** One run's reconciliation rows, for reports. */
    public List<Reconciliation> reconciliations(long runId) {
        return jdbi.withExtension(SyncStateQueries.class, q -> q.reconciliations(runId));
    }

    /** A row of {@code sync_reconciliation}. */
    public record Reconciliation(long runId, String companyId, String dataSet, long recordsRead, long totalResults,
            boolean matched) {
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    private static String truncate(String text) {
        return text == null || text.length() <= 4000 ? text : text.substring(0, 3997) + "...";
    }
}
