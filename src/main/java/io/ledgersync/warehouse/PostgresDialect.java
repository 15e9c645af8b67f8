package io.ledgersync.warehouse;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** PostgreSQL: {@code INSERT ... ON CONFLICT (key) DO UPDATE}, with JSON columns as {@code jsonb}. */
final class PostgresDialect implements Dialect {

    @Override
    public String upsert(String table, List<String> columns, List<String> key, Set<String> jsonColumns) {
        String values = columns.stream().map(c -> jsonColumns.contains(c) ? "CAST(? AS jsonb)" : "?").collect(Collectors.joining(", "));
        String updates = columns.stream().filter(c -> !key.contains(c)).map(c -> c + " = EXCLUDED." + c)
                .collect(Collectors.joining(", "));
        return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES (" + values + ") ON CONFLICT ("
                + String.join(", ", key) + ") DO " + (updates.isEmpty() ? "NOTHING" : "UPDATE SET " + updates);
    }
}
