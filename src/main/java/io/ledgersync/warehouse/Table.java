package io.ledgersync.warehouse;

import java.util.List;

/**
 * A warehouse table that a data set is upserted into: its typed columns and primary key. Every
 * such table also has the columns {@code raw} (the whole record as JSON), {@code synced_at} and
 * {@code run_id}, which the warehouse fills itself.
 */
public record Table(String name, List<Column> columns, List<String> key) {

    public Table {
        Column.requireIdentifier(name, "table");
        columns = List.copyOf(columns);
        key = List.copyOf(key);
        if (key.isEmpty()) {
            throw new IllegalArgumentException("Table " + name + " needs a primary key");
        }
        for (String keyColumn : key) {
            if (columns.stream().noneMatch(c -> c.name().equals(keyColumn))) {
                throw new IllegalArgumentException("Key column " + keyColumn + " of table " + name + " is not one of its columns");
            }
        }
    }

    int indexOf(String column) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(column)) {
                return i;
            }
        }
        return -1;
    }
}
