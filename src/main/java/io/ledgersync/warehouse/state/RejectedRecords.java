package io.ledgersync.warehouse.state;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * The {@code rejected_records} table: records set aside because they cannot be stored (issue 17), one row per data
 * set, company and record, with when it was first and last seen. Writes join the chunk's transaction, so a record is
 * set aside exactly when the rest of its page is written. Thread-safe.
 */
public class RejectedRecords {

    /** Stands for "no company" in the key: a top-level data set's records. */
    private static final String NO_COMPANY = "";

    private final Jdbi jdbi;
    private final Clock clock;

    public RejectedRecords(Jdbi jdbi, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
    }

    /** Sets the records aside, or notes that they were seen again (same data set, company and id, or same text). */
    public void save(List<RejectedRecord> records, long runId) {
        OffsetDateTime now = OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC);
        jdbi.useHandle(handle -> records.forEach(record -> save(handle, record, runId, now)));
    }

    private static void save(Handle handle, RejectedRecord record, long runId, OffsetDateTime now) {
        int updated = handle.createUpdate("""
                UPDATE rejected_records SET record_id = :recordId, field = :field, reason = :reason, raw = :raw,
                       last_seen_at = :now, last_run_id = :runId
                WHERE data_set = :dataSet AND company_id = :companyId AND record_key = :key""")
                .bindMethods(record).bind("companyId", company(record.companyId())).bind("key", key(record))
                .bind("now", now).bind("runId", runId).execute();
        if (updated == 0) {
            handle.createUpdate("""
                    INSERT INTO rejected_records (data_set, company_id, record_key, record_id, field, reason, raw,
                                                  first_seen_at, last_seen_at, last_run_id)
                    VALUES (:dataSet, :companyId, :key, :recordId, :field, :reason, :raw, :now, :now, :runId)""")
                    .bindMethods(record).bind("companyId", company(record.companyId())).bind("key", key(record))
                    .bind("now", now).bind("runId", runId).execute();
        }
    }

    /** The ids of the company data set's records set aside so far, to clear each one once it is stored. */
    public Set<String> ids(String dataSet, String companyId) {
        return jdbi.withHandle(handle -> handle.createQuery("""
                SELECT record_id FROM rejected_records
                WHERE data_set = :dataSet AND company_id = :companyId AND record_id IS NOT NULL""")
                .bind("dataSet", dataSet).bind("companyId", company(companyId)).mapTo(String.class).set());
    }

    /** Forgets the rejections of records that have now been stored. */
    public void cleared(String dataSet, String companyId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return;
        }
        jdbi.useHandle(handle -> handle.createUpdate("""
                DELETE FROM rejected_records
                WHERE data_set = :dataSet AND company_id = :companyId AND record_id IN (<ids>)""")
                .bind("dataSet", dataSet).bind("companyId", company(companyId)).bindList("ids", List.copyOf(ids)).execute());
    }

    /**
     * After a complete full walk of a company data set: forgets the rejections the walk did not meet again, set aside
     * by runs before the walk began (a record gone from the source, or sent again with an id of its own).
     *
     * @param walkFirstRun the run that read the walk's first page; a resumed walk's rejections are all from it or later
     */
    public void forgetUnseen(String dataSet, String companyId, long walkFirstRun) {
        jdbi.useHandle(handle -> handle.createUpdate("""
                DELETE FROM rejected_records WHERE data_set = :dataSet AND company_id = :companyId AND last_run_id < :run""")
                .bind("dataSet", dataSet).bind("companyId", company(companyId)).bind("run", walkFirstRun).execute());
    }

    /** Every record set aside, for operators and tests: data set, company ('' for none), id, field and reason. */
    public List<RejectedRecord> all() {
        return jdbi.withHandle(handle -> handle.createQuery("""
                SELECT data_set, company_id, record_id, field, reason, CAST(raw AS VARCHAR) AS raw FROM rejected_records
                ORDER BY data_set, company_id, record_key""")
                .map((rs, ctx) -> new RejectedRecord(rs.getString("data_set"),
                        rs.getString("company_id").isEmpty() ? null : rs.getString("company_id"), rs.getString("record_id"),
                        rs.getString("field"), rs.getString("reason"), rs.getString("raw")))
                .list());
    }

    private static String company(String companyId) {
        return companyId == null ? NO_COMPANY : companyId;
    }

    /** The id, or for a record without one the hash of its text: the same broken record is one row, however often seen. */
    static String key(RejectedRecord record) {
        if (record.recordId() != null) {
            return record.recordId();
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(record.raw().getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
