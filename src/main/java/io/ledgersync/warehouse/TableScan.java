package io.ledgersync.warehouse;

import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.Query;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.StoredRecord;
import io.ledgersync.warehouse.table.Table;

/**
 * Reads a whole table in key order, {@code batchSize} rows at a time, each batch after the last key of the one before:
 * memory stays bounded, and each batch is a range scan of the primary key however far the scan has come. A scanned row
 * is its key values, then the extra columns asked for. Stateless.
 */
final class TableScan {

    /** What each batch of scanned rows is handed to, on the scan's handle. */
    interface Batch {
        void accept(Handle handle, List<Object[]> rows) throws SQLException;
    }

    private TableScan() {
    }

    static long scan(Jdbi jdbi, Table table, List<String> extra, int batchSize, Batch batch) {
        try {
            return jdbi.withHandle(handle -> scan(handle, table, extra, batchSize, batch));
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read table " + table.name() + ": " + e.getMessage(), e);
        }
    }

    /** @return how many rows were read */
    static long scan(Handle handle, Table table, List<String> extra, int batchSize, Batch batch) throws SQLException {
        List<String> key = table.key();
        List<String> selected = new ArrayList<>(key);
        selected.addAll(extra);
        String select = "SELECT " + String.join(", ", selected) + " FROM " + table.name();
        String order = " ORDER BY " + String.join(", ", key) + " LIMIT " + batchSize;
        String after = " WHERE " + after(key, 0);
        Object[] last = null;
        long count = 0;
        while (true) {
            Query query = handle.createQuery(select + (last == null ? "" : after) + order);
            if (last != null) {
                int at = 0;
                for (int k = 0; k < key.size(); k++) {
                    query.bind(at++, last[k]);
                    if (k < key.size() - 1) {
                        query.bind(at++, last[k]);
                    }
                }
            }
            List<Object[]> rows = query.map((rs, ctx) -> {
                Object[] values = new Object[selected.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = switch (selected.get(i)) {
                        case StandardColumns.RAW -> rs.getString(i + 1);
                        case StandardColumns.SYNCED_AT, StandardColumns.DELETED_AT -> rs.getObject(i + 1, OffsetDateTime.class);
                        default -> rs.getObject(i + 1);
                    };
                }
                return values;
            }).list();
            if (rows.isEmpty()) {
                return count;
            }
            batch.accept(handle, rows);
            count += rows.size();
            last = rows.get(rows.size() - 1);
            if (rows.size() < batchSize) {
                return count;
            }
        }
    }

    /**
     * The rows after a key, {@code (k1, k2) > (?, ?)} spelled {@code k1 >= ? AND (k1 > ? OR k2 > ?)}, so that H2 can
     * start a range scan of the primary key at {@code k1 >= ?} rather than evaluate a row-value comparison on every
     * row. Parameters: each key column's value, twice for all but the last.
     */
    private static String after(List<String> key, int from) {
        String column = key.get(from);
        if (from == key.size() - 1) {
            return column + " > ?";
        }
        return column + " >= ? AND (" + column + " > ? OR " + after(key, from + 1) + ")";
    }

    /** The stored record of a row scanned with raw as its first extra column. */
    static StoredRecord storedRecord(Table table, Object[] values) {
        int company = table.key().indexOf(StandardColumns.COMPANY_ID);
        return new StoredRecord(company < 0 ? null : (String) values[company], (String) values[table.key().size()]);
    }

    /** Binds a value written back, typing a null: a database cannot guess the type of a bare null parameter. */
    static void bind(PreparedBatch batch, int position, Object value, ColumnType type) {
        if (value == null) {
            batch.bindNull(position, type.sqlType());
        } else {
            batch.bind(position, value);
        }
    }
}
