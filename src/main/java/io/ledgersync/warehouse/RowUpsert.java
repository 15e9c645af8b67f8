package io.ledgersync.warehouse;

import java.time.OffsetDateTime;
import java.util.List;

import org.jdbi.v3.core.Handle;

/**
 * How one database takes a chunk of rows of a data-set table fastest, inserting or replacing by key. Runs on the
 * handle of the caller's transaction; a dialect chooses it ({@link Dialect#rowUpsert()}).
 */
interface RowUpsert {

    /** @param rows already checked to have a value per typed column */
    void upsert(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId);

    /**
     * Inserts rows that have no row of their key in the table (a child table's rows, after their parents' old ones
     * were deleted).
     *
     * @param types each column's type, for a null value
     */
    void insert(Handle handle, String table, List<String> columns, List<ColumnType> types, List<Object[]> rows);
}
