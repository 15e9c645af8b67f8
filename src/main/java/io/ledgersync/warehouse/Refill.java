package io.ledgersync.warehouse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;
import io.ledgersync.warehouse.dialect.ChildRows;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.dialect.RowUpsert;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.StoredRecord;
import io.ledgersync.warehouse.table.Table;

/**
 * Fills columns and child tables that a data set's file added, in place, from every row's stored {@code raw}: never
 * from the Data API. Each batch of the {@link TableScan} is its own transaction where the start's change is not one
 * already (H2: memory and locks stay bounded, and a fill that fails is undone with the columns it filled); on
 * PostgreSQL the batches join the start's one transaction ({@link AllOrNothing}). An interrupted fill is simply done
 * again. {@code synced_at} and {@code run_id} stay: nothing was synced. Thread-safe.
 */
final class Refill {

    private final Jdbi jdbi;
    private final Dialect dialect;

    Refill(Jdbi jdbi, Dialect dialect) {
        this.jdbi = jdbi;
        this.dialect = dialect;
    }

    /**
     * @param columns the typed columns to fill
     * @param children the child tables to fill (replacing what they held for each row)
     * @param derive the row a stored record maps to, as a sync would have written it
     * @return how many rows were filled
     */
    long fill(Table table, List<String> columns, List<ChildTable> children, int batchSize, Function<StoredRecord, Row> derive) {
        if (columns.isEmpty() && children.isEmpty()) {
            return 0;
        }
        RowUpsert inserts = dialect.rowUpsert();
        String update = columns.isEmpty() ? null : "UPDATE " + table.name() + " SET "
                + columns.stream().map(c -> c + " = ?").collect(Collectors.joining(", ")) + " WHERE "
                + table.key().stream().map(k -> k + " = ?").collect(Collectors.joining(" AND "));
        return TableScan.scan(jdbi, table, List.of(StandardColumns.RAW), batchSize, (handle, stored) -> {
            List<Row> rows = new ArrayList<>(stored.size());
            for (Object[] values : stored) {
                rows.add(derive.apply(TableScan.storedRecord(table, values)));
            }
            Transactions.inOne(handle, () -> {
                if (update != null) {
                    PreparedBatch batch = handle.prepareBatch(update);
                    for (int r = 0; r < rows.size(); r++) {
                        int at = 0;
                        for (String column : columns) {
                            int index = table.indexOf(column);
                            TableScan.bind(batch, at++, rows.get(r).values()[index], table.columns().get(index).type());
                        }
                        for (int k = 0; k < table.key().size(); k++) {
                            batch.bind(at++, stored.get(r)[k]);
                        }
                        batch.add();
                    }
                    batch.execute();
                }
                ChildRows.replace(handle, inserts, table, children, rows);
            });
        });
    }
}
