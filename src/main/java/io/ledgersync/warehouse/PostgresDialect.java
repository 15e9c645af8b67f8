package io.ledgersync.warehouse;

import java.util.List;
import java.util.stream.Collectors;

/** PostgreSQL: {@code INSERT ... ON CONFLICT (key) DO UPDATE}, with the raw record as {@code jsonb}. */
final class PostgresDialect implements Dialect {

    @Override
    public String upsert(Table table) {
        List<String> columns = Dialect.allColumns(table);
        String values = columns.stream().map(c -> c.equals("raw") ? "CAST(? AS jsonb)" : "?").collect(Collectors.joining(", "));
        String updates = columns.stream().filter(c -> !table.key().contains(c)).map(c -> c + " = EXCLUDED." + c)
                .collect(Collectors.joining(", "));
        return "INSERT INTO " + table.name() + " (" + String.join(", ", columns) + ") VALUES (" + values + ") ON CONFLICT ("
                + String.join(", ", table.key()) + ") DO UPDATE SET " + updates;
    }
}
