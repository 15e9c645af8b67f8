package io.ledgersync.warehouse.dialect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;

/**
 * Replaces the child rows of parents ({@link ChildTable}): every old row of each parent goes, its current items come
 * in, numbered from 1. Runs in the caller's transaction, beside the parents' upsert, so a reader sees a parent with
 * exactly its items: a line removed at the source is gone, never left stale. Of two rows of one parent in a chunk,
 * the last one's items stay, as the upsert keeps the last row. Stateless.
 */
public final class ChildRows {

    private ChildRows() {
    }

    /** @param children the child tables to replace (all of the table's, or those a schema change fills) */
    public static void replace(Handle handle, RowUpsert inserts, Table table, List<ChildTable> children, List<Row> rows) {
        write(handle, inserts, table, children, rows, true);
    }

    /**
     * Inserts the child rows of parents that have none in the child tables (parents new to their scope, whose
     * children were empty): {@link #replace} without its delete, a statement per parent and child table.
     */
    public static void insert(Handle handle, RowUpsert inserts, Table table, List<ChildTable> children, List<Row> rows) {
        write(handle, inserts, table, children, rows, false);
    }

    private static void write(Handle handle, RowUpsert inserts, Table table, List<ChildTable> children, List<Row> rows,
            boolean deleteOld) {
        if (children.isEmpty() || rows.isEmpty()) {
            return;
        }
        int companyIndex = table.indexOf(StandardColumns.COMPANY_ID);
        int keyIndex = table.indexOf(table.ownKey());
        Map<List<Object>, Row> lastByKey = new LinkedHashMap<>();
        for (Row row : rows) {
            List<Object> key = new ArrayList<>(2);
            key.add(companyIndex < 0 ? null : row.values()[companyIndex]);
            key.add(row.values()[keyIndex]);
            lastByKey.put(key, row);
        }
        for (ChildTable child : children) {
            int childIndex = table.children().indexOf(child);
            if (deleteOld) {
                delete(handle, table, child, lastByKey.keySet(), companyIndex >= 0);
            }
            List<ColumnType> types = types(table, child, companyIndex >= 0);
            List<Object[]> lines = new ArrayList<>();
            lastByKey.forEach((key, row) -> {
                int lineNumber = 1;
                for (Object[] item : row.children().get(childIndex)) {
                    Object[] values = new Object[types.size()];
                    int at = 0;
                    if (companyIndex >= 0) {
                        values[at++] = key.get(0);
                    }
                    values[at++] = key.get(1);
                    values[at++] = (long) lineNumber++;
                    System.arraycopy(item, 0, values, at, item.length);
                    lines.add(values);
                }
            });
            inserts.insert(handle, child.name(), child.allColumns(table), types, lines);
        }
    }

    private static void delete(Handle handle, Table table, ChildTable child, Iterable<List<Object>> parents, boolean perCompany) {
        String where = (perCompany ? StandardColumns.COMPANY_ID + " = ? AND " : "") + child.parentColumn() + " = ?";
        PreparedBatch batch = handle.prepareBatch("DELETE FROM " + child.name() + " WHERE " + where);
        for (List<Object> parent : parents) {
            int at = 0;
            if (perCompany) {
                batch.bind(at++, parent.get(0));
            }
            batch.bind(at, parent.get(1));
            batch.add();
        }
        batch.execute();
    }

    private static List<ColumnType> types(Table table, ChildTable child, boolean perCompany) {
        List<ColumnType> types = new ArrayList<>();
        if (perCompany) {
            types.add(ColumnType.TEXT);
        }
        types.add(table.columns().get(table.indexOf(table.ownKey())).type());
        types.add(ColumnType.INTEGER);
        child.columns().forEach(column -> types.add(column.type()));
        return types;
    }
}
