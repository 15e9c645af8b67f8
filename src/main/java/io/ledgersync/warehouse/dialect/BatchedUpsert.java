package io.ledgersync.warehouse.dialect;

import java.time.OffsetDateTime;
import java.util.List;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.Table;

/** The dialect's single-row upsert statement, sent as one JDBC batch per chunk. Works on every database. Thread-safe. */
public final class BatchedUpsert implements RowUpsert {

    private final Dialect dialect;

    public BatchedUpsert(Dialect dialect) {
        this.dialect = dialect;
    }

    @Override
    public void upsert(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId) {
        List<Column> columns = table.columns();
        PreparedBatch batch = handle.prepareBatch(dialect.upsert(table));
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
        batch.execute();
    }
}
