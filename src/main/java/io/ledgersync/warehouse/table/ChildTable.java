package io.ledgersync.warehouse.table;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of the items of a list field of a parent's records (an invoice's {@code lineItems} as
 * {@code invoice_line_items}): the parent's key ({@code company_id} and {@code parentColumn}), the item's
 * {@code line_number} in the list from 1, then its typed columns. Its rows are replaced with their parent's, in the
 * same transaction, so a line removed at the source disappears.
 *
 * @param name the table
 * @param parentColumn the column that holds the parent's own key (e.g. {@code invoice_id} for invoices' {@code id})
 * @param columns the item's typed columns
 */
public record ChildTable(String name, String parentColumn, List<Column> columns) {

    public ChildTable {
        Column.requireIdentifier(name, "table");
        Column.requireIdentifier(parentColumn, "column");
        columns = List.copyOf(columns);
    }

    /** The key columns, for a parent table: its company_id if it has one, the parent column, line_number. */
    public List<String> key(Table parent) {
        List<String> key = new ArrayList<>();
        if (parent.key().contains(StandardColumns.COMPANY_ID)) {
            key.add(StandardColumns.COMPANY_ID);
        }
        key.add(parentColumn);
        key.add(StandardColumns.LINE_NUMBER);
        return key;
    }

    /** Every column in table order: the key, then the typed columns. */
    public List<String> allColumns(Table parent) {
        List<String> all = new ArrayList<>(key(parent));
        columns.forEach(column -> all.add(column.name()));
        return all;
    }
}
