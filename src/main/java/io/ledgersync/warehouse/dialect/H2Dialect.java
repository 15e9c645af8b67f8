package io.ledgersync.warehouse.dialect;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.lock.InProcessRunLocks;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.lock.SchemaLock;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Table;

/**
 * H2: {@code MERGE INTO ... KEY (...)}, since H2 has no {@code ON CONFLICT}; JSON is kept as text. Run locks live in this
 * JVM, and the schema needs no lock, since H2 lets one process at a time open a file database.
 */
public final class H2Dialect implements Dialect {

    @Override
    public String upsert(String table, List<String> columns, List<String> key, Set<String> jsonColumns) {
        return "MERGE INTO " + table + " (" + String.join(", ", columns) + ") KEY (" + String.join(", ", key)
                + ") VALUES (" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
    }

    /**
     * {@code MERGE ... USING}: H2's {@code MERGE ... KEY} has no condition. The record's row is replaced only when it
     * changed ({@link Dialect#changed}), so a record read again unchanged writes nothing (an update count of 0).
     */
    @Override
    public String upsertChanged(Table table) {
        List<String> columns = Dialect.writtenColumns(table);
        List<String> key = table.key();
        String on = key.stream().map(k -> "t." + k + " = s." + k).collect(Collectors.joining(" AND "));
        String updates = columns.stream().filter(c -> !key.contains(c)).map(c -> c + " = s." + c)
                .collect(Collectors.joining(", "));
        // typed, since H2 types a VALUES column from its parameters, as text when nothing tells
        List<String> types = new ArrayList<>();
        table.columns().forEach(column -> types.add(sqlType(column.type())));
        types.addAll(List.of(rawType(), sqlType(ColumnType.TIMESTAMP), sqlType(ColumnType.INTEGER), sqlType(ColumnType.TIMESTAMP)));
        return "MERGE INTO " + table.name() + " t USING (VALUES (" + types.stream().map(type -> "CAST(? AS " + type + ")")
                .collect(Collectors.joining(", ")) + ")) s (" + String.join(", ", columns) + ") ON " + on + " WHEN MATCHED AND (" + Dialect.changed(columns, key, "t", "s")
                + ") THEN UPDATE SET " + updates + " WHEN NOT MATCHED THEN INSERT (" + String.join(", ", columns)
                + ") VALUES (" + columns.stream().map(c -> "s." + c).collect(Collectors.joining(", ")) + ")";
    }

    /**
     * Decimals get 9 places, the most the contract's amounts and rates have ("up to a maximum of 9 decimal places");
     * raw is CHARACTER VARYING, kept in the row (V5__raw_in_row.sql says why).
     */
    @Override
    public String sqlType(ColumnType type) {
        return switch (type) {
            case TEXT -> "CHARACTER VARYING";
            case INTEGER -> "BIGINT";
            case DECIMAL -> "NUMERIC(38, 9)";
            case BOOLEAN -> "BOOLEAN";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP WITH TIME ZONE";
        };
    }

    @Override
    public String rawType() {
        return "CHARACTER VARYING";
    }

    @Override
    public RunLocks runLocks(DataSource lockConnections, String holderName) {
        return new InProcessRunLocks(holderName);
    }

    /** None: one process has the file, and its start brings the tables in line once. */
    @Override
    public SchemaLock schemaLock(Jdbi jdbi) {
        return Runnable::run;
    }
}
