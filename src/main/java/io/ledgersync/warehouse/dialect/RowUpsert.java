package io.ledgersync.warehouse.dialect;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.Collections;
import java.util.List;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.Table;

/**
 * How one database takes a chunk of rows of a data-set table fastest, inserting or replacing by key. Runs on the
 * handle of the caller's transaction; a dialect chooses it ({@link Dialect#rowUpsert()}).
 */
public interface RowUpsert {

    /**
     * Writes the rows that are new or changed ({@link Dialect#upsertChanged}); a row whose record is stored already,
     * unchanged and live, is left as it is.
     *
     * @param rows already checked to have a value per typed column
     * @return the rows written, in chunk order, one per key (of a key's rows, the last one written): the parents whose
     *         child rows are to be replaced; rows left out were read unchanged
     */
    List<Row> upsert(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId);

    /**
     * Inserts the rows straight into the table, without the upsert's work, when none of their keys is there yet: a
     * first sync into an empty table. All or nothing: when a key is in the table already or repeats among the rows,
     * the primary key refuses it, nothing is written and the answer is false, for the caller to upsert instead.
     * False, with nothing done, on a database without such a path (the default).
     */
    default boolean insertNew(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId) {
        return false;
    }

    /**
     * Inserts rows that have no row of their key in the table (a child table's rows, after their parents' old ones
     * were deleted): by default a JDBC batch of single-row inserts (H2), {@link CopyUpsert} a {@code COPY} (PostgreSQL).
     *
     * @param types each column's type, for a null value
     * @param rows each row's values in column order; a {@code byte[]} is UTF-8 text (a record's raw JSON, {@link Row#raw}):
     *     COPY sends its bytes as they are (jsonb), the JDBC batch binds the String it makes of them
     */
    default void insert(Handle handle, String table, List<String> columns, List<ColumnType> types, List<Object[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        PreparedBatch batch = handle.prepareBatch("INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ("
                + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")");
        for (Object[] values : rows) {
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    batch.bindNull(i, types.get(i).sqlType());
                } else if (values[i] instanceof byte[] utf8) {
                    batch.bind(i, new String(utf8, StandardCharsets.UTF_8)); // H2 keeps raw as CHARACTER VARYING
                } else {
                    batch.bind(i, values[i]);
                }
            }
            batch.add();
        }
        batch.execute();
    }
}
