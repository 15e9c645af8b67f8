package io.ledgersync.warehouse.table;

import java.util.List;

/**
 * A warehouse table that a data set is upserted into: its typed columns, primary key and child tables. Every such
 * table also has the standard columns ({@link StandardColumns}: {@code raw}, {@code synced_at}, {@code run_id},
 * {@code deleted_at}), which the warehouse fills itself.
 *
 * @param children the tables of the record's list fields, replaced with the record ({@link ChildTable})
 * @param versioning how {@code <table>_history} keeps every version of the records; null: no history
 */
public record Table(String name, List<Column> columns, List<String> key, List<ChildTable> children, Versioning versioning) {

    public Table {
        Column.requireIdentifier(name, "table");
        columns = List.copyOf(columns);
        key = List.copyOf(key);
        children = List.copyOf(children);
        if (key.isEmpty()) {
            throw new IllegalArgumentException("Table " + name + " needs a primary key");
        }
        for (String keyColumn : key) {
            if (columns.stream().noneMatch(c -> c.name().equals(keyColumn))) {
                throw new IllegalArgumentException("Key column " + keyColumn + " of table " + name + " is not one of its columns");
            }
        }
        if (!children.isEmpty() && key.stream().filter(k -> !k.equals(StandardColumns.COMPANY_ID)).count() != 1) {
            throw new IllegalArgumentException("Table " + name + " has child tables, so its key must be one column"
                    + " (besides company_id): the child rows point at it");
        }
        if (versioning != null) {
            for (String column : java.util.Arrays.asList(versioning.validFrom(), versioning.deletedFlag())) {
                if (column != null && columns.stream().noneMatch(c -> c.name().equals(column))) {
                    throw new IllegalArgumentException("Column " + column + " of table " + name + "'s history is not one of its columns");
                }
            }
        }
    }

    /** A table without history. */
    public Table(String name, List<Column> columns, List<String> key, List<ChildTable> children) {
        this(name, columns, key, children, null);
    }

    public Table(String name, List<Column> columns, List<String> key) {
        this(name, columns, key, List.of());
    }

    /** Whether every version of its records is kept in {@code <table>_history} ({@link Versioning}). */
    public boolean keepsHistory() {
        return versioning != null;
    }

    public int indexOf(String column) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(column)) {
                return i;
            }
        }
        return -1;
    }

    /** The parent's own key column that child rows point at: its key without company_id. */
    public String ownKey() {
        return key.stream().filter(k -> !k.equals(StandardColumns.COMPANY_ID)).findFirst().orElseThrow();
    }
}
