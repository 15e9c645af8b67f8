package io.ledgersync.warehouse;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.jdbi.v3.core.Jdbi;

/**
 * The record of what was applied to each data set's tables, {@code data_set_schema} (V11): one row per change, so that a
 * start compares a data set's file with the last one applied, and an operator reads the history. Thread-safe.
 */
final class SchemaLog {

    private static final String TABLE = "data_set_schema";

    private final Jdbi jdbi;
    private final Clock clock;
    private final AllOrNothing changes;

    SchemaLog(Jdbi jdbi, Clock clock, AllOrNothing changes) {
        this.jdbi = jdbi;
        this.clock = clock;
        this.changes = changes;
    }

    Optional<AppliedSchema> lastApplied(String dataSet) {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT * FROM " + TABLE
                        + " WHERE data_set = :dataSet ORDER BY id DESC LIMIT 1")
                .bind("dataSet", dataSet).map((rs, ctx) -> applied(rs)).findOne());
    }

    List<AppliedSchema> history() {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT * FROM " + TABLE + " ORDER BY id")
                .map((rs, ctx) -> applied(rs)).list());
    }

    /** The columns as one comma-separated text: identifiers have no commas. */
    AppliedSchema record(String dataSet, String table, String source, String checksum, List<String> columns, String change) {
        Instant now = clock.instant();
        long id = jdbi.withHandle(handle -> handle.createUpdate("INSERT INTO " + TABLE
                        + " (data_set, table_name, source, checksum, columns, change, applied_at)"
                        + " VALUES (:dataSet, :table, :source, :checksum, :columns, :change, :appliedAt)")
                .bind("dataSet", dataSet).bind("table", table).bind("source", source).bind("checksum", checksum)
                .bind("columns", String.join(",", columns)).bind("change", change)
                .bind("appliedAt", OffsetDateTime.ofInstant(now, ZoneOffset.UTC)).executeAndReturnGeneratedKeys("id")
                .mapTo(Long.class).one());
        changes.madeChange("DELETE FROM " + TABLE + " WHERE id = " + id);
        return new AppliedSchema(dataSet, table, source, checksum, columns, change, now);
    }

    private static AppliedSchema applied(ResultSet rs) throws SQLException {
        String columns = rs.getString("columns");
        return new AppliedSchema(rs.getString("data_set"), rs.getString("table_name"), rs.getString("source"),
                rs.getString("checksum"), columns.isEmpty() ? List.of() : Arrays.asList(columns.split(",")),
                rs.getString("change"), rs.getObject("applied_at", OffsetDateTime.class).toInstant());
    }
}
