package io.ledgersync.warehouse.table;

import java.util.List;
import java.util.Map;

/**
 * A table as the database has it: each column's type (null for a type no data set declares, such as raw's JSONB),
 * and the primary key.
 */
public record TableShape(Map<String, ColumnType> columns, List<String> key) {

    public TableShape {
        columns = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(columns));
        key = List.copyOf(key);
    }

    public boolean has(String column) {
        return columns.containsKey(column);
    }
}
