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
        String stamp = syncedAt.toString();
        try {
            handle.execute(sql[0]);
            handle.execute(sql[1]);
            copy(handle, sql[2], rows, (text, row, ordinal) -> appendStaged(text, row, stamp, runId, ordinal));
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
        String stamp = syncedAt.toString();
        Connection connection = handle.getConnection();
        try {
            Savepoint before = connection.setSavepoint();
            try {
                copy(handle, "COPY " + table.name() + " (" + String.join(", ", Dialect.allColumns(table)) + ") FROM STDIN", rows,
                        (text, row, ordinal) -> appendRow(text, row, stamp, runId));
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
            copy(handle, "COPY " + table + " (" + String.join(", ", columns) + ") FROM STDIN", rows,
                    (text, values, ordinal) -> appendValues(text, values));
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
            "COPY " + stage + " (" + String.join(", ", copied) + ") FROM STDIN",
            // deleted_at is not copied: null in the stage, so the upsert clears it (Dialect.writtenColumns)
            dialect.upsertChangedFrom(stage, ORDINAL, table.name(), Dialect.writtenColumns(table), table.key())
        };
    }

    static String stagingTable(String table) {
        return Column.truncated("stage_" + table);
    }

    /** How one row is written as a line of COPY's text format, without its newline; {@code ordinal} counts from 0. */
    private interface Line<T> {
        void append(CopyText text, T row, int ordinal);
    }

    /** Streams the rows to the server {@link #FLUSH_BYTES} at a time, so a chunk never sits in memory as one text. */
    private static <T> void copy(Handle handle, String sql, List<T> rows, Line<T> line) throws SQLException {
        CopyIn copy = handle.getConnection().unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
        try {
            CopyText text = new CopyText(FLUSH_BYTES + 4096);
            int ordinal = 0;
            for (T row : rows) {
                line.append(text, row, ordinal++);
                text.append('\n');
                if (text.length() >= FLUSH_BYTES) {
                    write(copy, text);
                }
            }
            write(copy, text);
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
    }

    /** A staged row: {@link #appendRow}, then its ordinal ({@link #ORDINAL}). */
    static void appendStaged(CopyText text, Row row, String syncedAt, long runId, int ordinal) {
        appendRow(text, row, syncedAt, runId);
        text.append('\t').appendLong(ordinal);
    }

    /** A data-set row: its typed values, raw, synced_at, run_id ({@link Dialect#allColumns}). */
    static void appendRow(CopyText text, Row row, String syncedAt, long runId) {
        for (Object value : row.values()) {
            appendValue(text, value);
            text.append('\t');
        }
        text.appendEscaped(row.raw()); // the record's bytes as they came, escaped on the bytes: no String (issue 28)
        text.append('\t').appendAscii(syncedAt).append('\t').appendLong(runId);
    }

    /** A row of a child table: its values, in column order. */
    static void appendValues(CopyText text, Object[] values) {
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                text.append('\t');
            }
            appendValue(text, values[i]);
        }
    }

    private static void write(CopyIn copy, CopyText text) throws SQLException {
        copy.writeToCopy(text.bytes(), 0, text.length());
        text.clear();
    }

    /** COPY's text format: \N is null; the types of {@link Row} print as PostgreSQL reads them, a byte[] as its UTF-8 text. */
    static void appendValue(CopyText text, Object value) {
        if (value == null) {
            text.appendAscii("\\N");
        } else if (value instanceof String string) {
            text.appendEscaped(string);
        } else if (value instanceof byte[] utf8) {
            text.appendEscaped(utf8); // a record's raw JSON (RowUpsert#insert): no String of it (issue 28)
        } else if (value instanceof java.math.BigDecimal decimal) {
            text.appendDecimal(decimal); // as toPlainString prints it, without making a String
        } else if (value instanceof Long number) {
            text.appendLong(number);
        } else if (value instanceof OffsetDateTime timestamp) {
            text.appendAscii(timestamp.toString()); // ISO 8601, which PostgreSQL reads; toString is several times faster than a formatter
        } else {
            text.appendEscaped(value.toString()); // Boolean, LocalDate: their toString is PostgreSQL's input form
        }
    }
}
