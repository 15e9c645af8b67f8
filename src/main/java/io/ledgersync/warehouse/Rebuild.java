package io.ledgersync.warehouse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;
import io.ledgersync.warehouse.dialect.ChildRows;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.dialect.RowUpsert;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.StoredRecord;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.TableShape;

/**
 * Builds a table again as it is declared now, every typed column and child row derived from the stored {@code raw}: for
 * a change that cannot be applied in place (a column's type, the key). The rows move into a new table in key order,
 * batch by batch, keeping {@code raw}, {@code synced_at}, {@code run_id} and {@code deleted_at}; two rows that the new
 * key makes one keep the later; the child tables are built beside the old ones the same way. Only then do the new
 * tables take the old ones' names, so that a failure before leaves the old tables as they were: on PostgreSQL all of it
 * is one transaction; on H2, whose DDL commits, the new tables are dropped again ({@link AllOrNothing}). Thread-safe.
 */
final class Rebuild {

    /** What moves from the old rows as it is; deleted_at only where the old table has it. */
    private static final List<String> CARRIED = List.of(StandardColumns.RAW, StandardColumns.SYNCED_AT, StandardColumns.RUN_ID,
            StandardColumns.DELETED_AT);

    private final Jdbi jdbi;
    private final Dialect dialect;
    private final TableDefinitions definitions;
    private final LiveTables live;
    private final AllOrNothing changes;

    Rebuild(Jdbi jdbi, Dialect dialect, TableDefinitions definitions, LiveTables live, AllOrNothing changes) {
        this.jdbi = jdbi;
        this.dialect = dialect;
        this.definitions = definitions;
        this.live = live;
        this.changes = changes;
    }

    /** @return how many rows were rebuilt */
    long rebuild(Table table, int batchSize, Function<StoredRecord, Row> derive) {
        TableShape oldShape = live.shape(table.name())
                .orElseThrow(() -> new IllegalStateException("There is no table " + table.name() + " to rebuild"));
        boolean hasDeletedAt = oldShape.has(StandardColumns.DELETED_AT);
        // the old table as a scan reads it: its name and key (the types of the key's columns do not matter to a scan)
        Table oldTable = new Table(table.name(), oldShape.key().stream().map(k -> new Column(k, ColumnType.TEXT)).toList(),
                oldShape.key());
        List<ChildTable> newChildren = table.children().stream()
                .map(child -> new ChildTable(rebuildName(child.name()), child.parentColumn(), child.columns())).toList();
        Table target = new Table(rebuildName(table.name()), table.columns(), table.key(), newChildren);
        String upsert = dialect.upsert(target.name(), Dialect.writtenColumns(table), table.key(), Set.of(StandardColumns.RAW));
        RowUpsert inserts = dialect.rowUpsert();
        int keys = oldTable.key().size();
        long[] count = {0};
        jdbi.useHandle(handle -> Transactions.inOne(handle, () -> {
            handle.execute("DROP TABLE IF EXISTS " + target.name());
            definitions.create(handle, target);
            for (ChildTable child : target.children()) {
                handle.execute("DROP TABLE IF EXISTS " + child.name());
                definitions.createChild(handle, target, child);
            }
            count[0] = TableScan.scan(handle, oldTable, hasDeletedAt ? CARRIED : CARRIED.subList(0, 3), batchSize,
                    (same, stored) -> {
                        List<Row> rows = new ArrayList<>(stored.size());
                        PreparedBatch batch = handle.prepareBatch(upsert);
                        for (Object[] values : stored) {
                            Row row = derive.apply(TableScan.storedRecord(oldTable, values));
                            rows.add(row);
                            int at = 0;
                            for (int i = 0; i < row.values().length; i++) {
                                TableScan.bind(batch, at++, row.values()[i], table.columns().get(i).type());
                            }
                            batch.bind(at++, (String) values[keys]);
                            batch.bind(at++, values[keys + 1]);
                            batch.bind(at++, values[keys + 2]);
                            TableScan.bind(batch, at, hasDeletedAt ? values[keys + 3] : null, ColumnType.TIMESTAMP);
                            batch.add();
                        }
                        batch.execute();
                        ChildRows.replace(handle, inserts, target, target.children(), rows);
                    });
            for (int c = 0; c < table.children().size(); c++) {
                handle.execute("DROP TABLE IF EXISTS " + table.children().get(c).name());
                dialect.renameTable(target.children().get(c).name(), table.children().get(c).name()).forEach(handle::execute);
            }
            handle.execute("DROP TABLE " + table.name());
            dialect.renameTable(target.name(), table.name()).forEach(handle::execute);
            changes.madeLastingChange("rebuilt table " + table.name() + " (its old rows are gone; the stored raw is in it)");
        }));
        return count[0];
    }

    /** A table's name while it is built: cut as PostgreSQL would cut it, so that SQL names what it made. */
    private static String rebuildName(String table) {
        return Column.truncated(table + "_rebuild");
    }
}
