package io.ledgersync.warehouse.state;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.dialect.Dialect;

/**
 * The {@code sync_state} and {@code sync_reconciliation} tables: what each company's data set
 * came to in the last run, and what each run read against what the source announced. Writes join
 * the caller's transaction when there is one. Thread-safe.
 */
public class SyncStates {

    private static final List<String> STATE_COLUMNS = List.of("company_id", "data_set", "state", "attempts", "next_attempt_at",
            "last_success_at", "last_error", "last_correlation_id", "last_run_id", "updated_at", "consecutive_failures",
            "failing_since");
    private static final List<String> RECONCILIATION_COLUMNS = List.of("run_id", "company_id", "data_set", "records_read",
            "total_results", "matched", "recorded_at", "walk", "marked_deleted", "note");

    private final Jdbi jdbi;
    private final String upsertState;
    private final String upsertReconciliation;

    public SyncStates(Jdbi jdbi, Dialect dialect) {
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
                .bind(10, state.consecutiveFailures())
                .bind(11, utc(state.failingSince()))
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
        reconcile(runId, companyId, dataSet, recordsRead, totalResults, at, null, null, null);
    }

    /**
     * Records what a walk of one company's data set read against the source's {@code totalResults}, which walk it was
     * ({@code full}, {@code incremental}), how many rows it marked deleted (null: it marks none) and what drift or
     * refused deletes it met (null: none).
     */
    public void reconcile(long runId, String companyId, String dataSet, long recordsRead, long totalResults, Instant at,
            String walk, Long markedDeleted, String note) {
        jdbi.useHandle(handle -> handle.createUpdate(upsertReconciliation)
                .bind(0, runId)
                .bind(1, companyId)
                .bind(2, dataSet)
                .bind(3, recordsRead)
                .bind(4, totalResults)
                .bind(5, recordsRead == totalResults)
                .bind(6, utc(at))
                .bind(7, walk)
                .bind(8, markedDeleted)
                .bind(9, note == null || note.length() <= 1000 ? note : note.substring(0, 997) + "...")
                .execute());
    }

    /** The watermark of each company's data set that has one, by company id. */
    public Map<String, Instant> watermarks(String dataSet) {
        Map<String, Instant> watermarks = new HashMap<>();
        jdbi.useHandle(handle -> handle.createQuery("SELECT company_id, watermark FROM sync_state"
                        + " WHERE data_set = :dataSet AND watermark IS NOT NULL")
                .bind("dataSet", dataSet)
                .map((rs, ctx) -> Map.entry(rs.getString("company_id"), rs.getObject("watermark", OffsetDateTime.class)))
                .forEach(entry -> watermarks.put(entry.getKey(), entry.getValue().toInstant())));
        return watermarks;
    }

    /**
     * Forgets the watermark of a data set for these companies, or for all its companies when {@code companyIds} is empty,
     * so that their next walks read them whole; the rest of their state stays.
     *
     * @return the company data sets whose watermark it cleared
     */
    public int clearWatermarks(String dataSet, List<String> companyIds) {
        return jdbi.withHandle(handle -> {
            var update = handle.createUpdate("UPDATE sync_state SET watermark = NULL WHERE data_set = :dataSet"
                    + " AND watermark IS NOT NULL" + (companyIds.isEmpty() ? "" : " AND company_id IN (<companyIds>)"))
                    .bind("dataSet", dataSet);
            return (companyIds.isEmpty() ? update : update.bindList("companyIds", companyIds)).execute();
        });
    }

    /**
     * A walk of a company's data set completed, committed: notes when, and moves its watermark on to
     * {@code watermark} (never back; null leaves it). Called after the {@code sync_state} row is saved.
     */
    public void walkCompleted(String companyId, String dataSet, boolean full, Instant watermark, Instant at) {
        String success = full ? "last_full_success_at" : "last_incremental_success_at";
        jdbi.useHandle(handle -> handle.createUpdate("UPDATE sync_state SET " + success + " = :at,"
                        + " watermark = CASE WHEN watermark IS NULL OR watermark < :watermark THEN :watermark ELSE watermark END"
                        + " WHERE company_id = :companyId AND data_set = :dataSet")
                .bind("at", utc(at))
                .bind("watermark", utc(watermark))
                .bind("companyId", companyId)
                .bind("dataSet", dataSet)
                .execute());
    }

    /** Where each company data set stands, for {@code GET /api/status}: its state row and what its walks came to. */
    public List<Standing> standings() {
        return jdbi.withHandle(handle -> handle.createQuery("""
                        SELECT s.company_id, s.data_set, s.state, s.watermark, s.last_full_success_at,
                               s.last_incremental_success_at, s.last_error, s.consecutive_failures, s.failing_since,
                               r.run_id AS reconciled_run_id, r.records_read, r.total_results, r.matched, r.recorded_at,
                               r.walk, r.marked_deleted, r.note
                        FROM sync_state s
                        LEFT JOIN sync_reconciliation r ON r.company_id = s.company_id AND r.data_set = s.data_set
                          AND r.run_id = (SELECT MAX(m.run_id) FROM sync_reconciliation m
                                          WHERE m.company_id = s.company_id AND m.data_set = s.data_set)
                        ORDER BY s.data_set, s.company_id""")
                .map((rs, ctx) -> new Standing(rs.getString("company_id"), rs.getString("data_set"),
                        SyncState.Status.valueOf(rs.getString("state")),
                        instant(rs.getObject("watermark", OffsetDateTime.class)),
                        instant(rs.getObject("last_full_success_at", OffsetDateTime.class)),
                        instant(rs.getObject("last_incremental_success_at", OffsetDateTime.class)),
                        rs.getString("last_error"), rs.getInt("consecutive_failures"),
                        instant(rs.getObject("failing_since", OffsetDateTime.class)),
                        rs.getObject("reconciled_run_id") == null ? null : new LastReconciliation(rs.getLong("reconciled_run_id"),
                                instant(rs.getObject("recorded_at", OffsetDateTime.class)), rs.getString("walk"),
                                rs.getLong("records_read"), rs.getLong("total_results"), rs.getBoolean("matched"),
                                (Long) rs.getObject("marked_deleted", Long.class), rs.getString("note"))))
                .list());
    }

    /**
     * One company data set's {@code sync_state} and its newest reconciliation (null when it has none).
     *
     * @param consecutiveFailures runs in a row that failed it ({@link SyncState#consecutiveFailures})
     * @param failingSince when the first of them failed; null when it is not failing
     */
    public record Standing(String companyId, String dataSet, SyncState.Status state, Instant watermark, Instant lastFullSuccessAt,
            Instant lastIncrementalSuccessAt, String lastError, int consecutiveFailures, Instant failingSince,
            LastReconciliation lastReconciliation) {
    }

    /** The newest {@code sync_reconciliation} row of a company data set. */
    public record LastReconciliation(long runId, Instant at, String walk, long recordsRead, long totalResults,
            boolean matched, Long markedDeleted, String note) {
    }

    /** The oldest watermark of each data set, over its companies: how far behind its laggard is. */
    public Map<String, Instant> oldestWatermarks() {
        Map<String, Instant> oldest = new HashMap<>();
        jdbi.useHandle(handle -> handle.createQuery("SELECT data_set, MIN(watermark) AS oldest FROM sync_state"
                        + " WHERE watermark IS NOT NULL GROUP BY data_set")
                .map((rs, ctx) -> Map.entry(rs.getString("data_set"), rs.getObject("oldest", OffsetDateTime.class)))
                .forEach(entry -> oldest.put(entry.getKey(), entry.getValue().toInstant())));
        return oldest;
    }

    private static Instant instant(OffsetDateTime time) {
        return time == null ? null : time.toInstant();
    }

    /** One run's reconciliation rows, for reports. */
    public List<Reconciliation> reconciliations(long runId) {
        return jdbi.withExtension(SyncStateQueries.class, q -> q.reconciliations(runId));
    }

    /**
     * A row of {@code sync_reconciliation}.
     *
     * @param walk {@code full} or {@code incremental}; null for a run of a version before incremental walks
     * @param markedDeleted rows the walk marked deleted; null when it marks none (incremental, refused, incomplete)
     * @param note the page drift the walk met and how it recovered, deletes refused by the safety bound; null: none
     */
    public record Reconciliation(long runId, String companyId, String dataSet, long recordsRead, long totalResults,
            boolean matched, String walk, Long markedDeleted, String note) {
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    private static String truncate(String text) {
        return text == null || text.length() <= 4000 ? text : text.substring(0, 3997) + "...";
    }
}
