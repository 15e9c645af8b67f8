package io.ledgersync.warehouse.dialect;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.Table;

/**
 * The dialect's single-row upsert of changed records ({@link Dialect#upsertChanged}), sent as one JDBC batch per
 * chunk; each statement's update count says whether its row was written. Works on every database. Thread-safe.
 */
public final class BatchedUpsert implements RowUpsert {

    private final Dialect dialect;

    public BatchedUpsert(Dialect dialect) {
        this.dialect = dialect;
    }

    @Override
    public List<Row> upsert(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId) {
        List<Column> columns = table.columns();
        PreparedBatch batch = handle.prepareBatch(dialect.upsertChanged(table));
        for (Row row : rows) {
            Object[] values = row.values();
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    batch.bindNull(i, columns.get(i).type().sqlType());
                } else {
                    batch.bind(i, values[i]);
                }
            }
            batch.bind(values.length, row.rawText()); // H2 keeps raw as CHARACTER VARYING, a String: made here, once
            batch.bind(values.length + 1, syncedAt);
            batch.bind(values.length + 2, runId);
            batch.bindNull(values.length + 3, java.sql.Types.TIMESTAMP_WITH_TIMEZONE); // deleted_at: in the source again
            batch.add();
        }
        int[] counts = batch.execute();
        // statements run in order, so a key's last row written is what its row holds now
        Map<List<Object>, Row> lastWritten = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            if (counts[i] != 0) {
                List<Object> key = keyOf(table, rows.get(i));
                lastWritten.remove(key);
                lastWritten.put(key, rows.get(i));
            }
        }
        return new ArrayList<>(lastWritten.values());
    }

    private static List<Object> keyOf(Table table, Row row) {
        List<Object> key = new ArrayList<>(table.key().size());
        for (String column : table.key()) {
            key.add(row.values()[table.indexOf(column)]);
        }
        return key;
    }
}
