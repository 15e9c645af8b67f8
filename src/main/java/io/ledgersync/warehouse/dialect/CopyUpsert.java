package io.ledgersync.warehouse.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jdbi.v3.core.Handle;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;

/**
 * PostgreSQL's fastest upsert of a chunk: {@code COPY} the rows into a temporary staging table of the session, then
 * one {@code INSERT ... SELECT ... ON CONFLICT DO UPDATE} into the table. Several times faster than a batch of
 * single-row upserts (bench/BENCHMARKS.md, "Pipeline"), because the rows cross the wire as one stream and the
 * server plans one statement instead of a thousand. The staging table lives as long as the connection, and is
 * emptied before each chunk. A key that repeats within a chunk keeps its last row, as the batch did. Only records that
 * changed are written ({@link Dialect#changed}). Into a table that has none of a chunk's keys yet (a first sync), the
 * rows go straight in with one COPY ({@link #insertNew}). Thread-safe.
 */
final class CopyUpsert implements RowUpsert {

    /** Numbers the staged rows, so that the last of two rows with one key wins. */
    private static final String ORDINAL = "ledgersync_ordinal";
    private static final int FLUSH_BYTES = 1 << 16;
    private static final String UNIQUE_VIOLATION = "23505";

    private final PostgresDialect dialect;
    private final Map<String, String[]> statements = new ConcurrentHashMap<>();

    CopyUpsert(PostgresDialect dialect) {
        this.dialect = dialect;
    }

    /**
     * The four statements belong together: the caller's transaction ({@link RowUpsert}) upserts a chunk whole or not at
     * all. The merge writes only the changed records and answers which staged rows those were.
     */
    @Override
    public List<Row> upsert(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId) {
        String[] sql = statements.computeIfAbsent(table.name(), name -> statements(table));
        try {
            handle.execute(sql[0]);
            handle.execute(sql[1]);
            copy(handle, sql[2], rows, (out, row, ordinal) -> appendStaged(out, row, syncedAt, runId, ordinal));
            List<Integer> ordinals = new ArrayList<>(handle.createQuery(sql[3]).mapTo(Integer.class).list());
            Collections.sort(ordinals);
            List<Row> written = new ArrayList<>(ordinals.size());
            ordinals.forEach(ordinal -> written.add(rows.get(ordinal)));
            return written;
        } catch (SQLException e) {
            throw new IllegalStateException("Upserting " + rows.size() + " rows into " + table.name() + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * One COPY straight into the table, inside a savepoint: PostgreSQL's primary key refuses a key the table has or
     * that repeats in the chunk (unique_violation), the savepoint takes the chunk's rows back and the caller upserts
     * them instead; the transaction goes on as if nothing had been tried. deleted_at is left to its default, null.
     */
    @Override
    public boolean insertNew(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId) {
        Connection connection = handle.getConnection();
        try {
            Savepoint before = connection.setSavepoint();
            try {
                copy(handle, table.name() + " (" + String.join(", ", Dialect.allColumns(table)) + ")", rows,
                        (out, row, ordinal) -> appendRow(out, row, syncedAt, runId));
            } catch (SQLException e) {
                if (!UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    throw e;
                }
                connection.rollback(before);
                return false;
            }
            connection.releaseSavepoint(before);
            return true;
        } catch (SQLException e) {
            throw new IllegalStateException("Copying " + rows.size() + " rows into " + table.name() + " failed: " + e.getMessage(), e);
        }
    }

    /** Child rows go straight into their table with COPY: their parents' old rows were deleted in this transaction. */
    @Override
    public void insert(Handle handle, String table, List<String> columns, List<ColumnType> types, List<Object[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        try {
            copy(handle, table + " (" + String.join(", ", columns) + ")", rows,
                    (out, values, ordinal) -> appendValues(out, values));
        } catch (SQLException e) {
            throw new IllegalStateException("Copying " + rows.size() + " rows into " + table + " failed: " + e.getMessage(), e);
        }
    }

    /** Create the staging table if this session has none, empty it, copy into it, merge it into the table. */
    private String[] statements(Table table) {
        List<String> columns = Dialect.allColumns(table);
        String stage = stagingTable(table.name());
        List<String> copied = new ArrayList<>(columns);
        copied.add(ORDINAL);
        return new String[] {
            // INCLUDING COMPRESSION: raw is compressed once, here, with the table's method (lz4 where V5 set it)
            "CREATE TEMPORARY TABLE IF NOT EXISTS " + stage + " (LIKE " + table.name() + " INCLUDING COMPRESSION, " + ORDINAL + " INTEGER)",
            "TRUNCATE " + stage,
            stage + " (" + String.join(", ", copied) + ")",
            // deleted_at is not copied: null in the stage, so the upsert clears it (Dialect.writtenColumns)
            dialect.upsertChangedFrom(stage, ORDINAL, table.name(), Dialect.writtenColumns(table), table.key())
        };
    }

    static String stagingTable(String table) {
        return Column.truncated("stage_" + table);
    }

    /** How one row is written in COPY's binary format; {@code ordinal} counts from 0. */
    private interface Line<T> {
        void append(CopyBinary out, T row, int ordinal);
    }

    /**
     * Streams the rows to the server {@link #FLUSH_BYTES} at a time, so a chunk never sits in memory whole. Binary, not
     * text: the server neither parses the numbers, dates and timestamps nor unescapes the text (issue 28,
     * bench/BENCHMARKS.md "Binary COPY against text").
     */
    private static <T> void copy(Handle handle, String columns, List<T> rows, Line<T> line) throws SQLException {
        CopyIn copy = handle.getConnection().unwrap(PGConnection.class).getCopyAPI().copyIn(copyStatement(columns));
        try {
            CopyBinary out = new CopyBinary(FLUSH_BYTES + 4096).header();
            int ordinal = 0;
            for (T row : rows) {
                line.append(out, row, ordinal++);
                if (out.length() >= FLUSH_BYTES) {
                    write(copy, out);
                }
            }
            out.trailer();
            write(copy, out);
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
    }

    /** {@code table (columns)} copied from the client in binary. */
    static String copyStatement(String tableAndColumns) {
        return "COPY " + tableAndColumns + " FROM STDIN (FORMAT binary)";
    }

    /** A staged row: {@link #appendRow}'s fields, then its ordinal ({@link #ORDINAL}, an INTEGER). */
    static void appendStaged(CopyBinary out, Row row, OffsetDateTime syncedAt, long runId, int ordinal) {
        out.row(row.values().length + StandardColumns.WRITTEN.size() + 1);
        appendFields(out, row, syncedAt, runId);
        out.int4(ordinal);
    }

    /** A data-set row: its typed values, raw, synced_at, run_id ({@link Dialect#allColumns}). */
    static void appendRow(CopyBinary out, Row row, OffsetDateTime syncedAt, long runId) {
        out.row(row.values().length + StandardColumns.WRITTEN.size());
        appendFields(out, row, syncedAt, runId);
    }

    private static void appendFields(CopyBinary out, Row row, OffsetDateTime syncedAt, long runId) {
        for (Object value : row.values()) {
            out.value(value);
        }
        out.jsonb(row.raw()); // the record's bytes as they came: no String (issue 28)
        out.timestamptz(syncedAt);
        out.int8(runId);
    }

    /** A row of a child table or a version of a history table: its values, in column order. */
    static void appendValues(CopyBinary out, Object[] values) {
        out.row(values.length);
        for (Object value : values) {
            out.value(value);
        }
    }

    private static void write(CopyIn copy, CopyBinary out) throws SQLException {
        copy.writeToCopy(out.bytes(), 0, out.length());
        out.clear();
    }
}
