package io.ledgersync.warehouse.dialect;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.lock.AdvisoryRunLocks;
import io.ledgersync.warehouse.lock.AdvisorySchemaLock;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.lock.SchemaLock;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Table;

/**
 * PostgreSQL: {@code INSERT ... ON CONFLICT (key) DO UPDATE}, with JSON columns as {@code jsonb}; chunks of data-set
 * rows go through {@code COPY} and a staging table ({@link CopyUpsert}); run locks and the schema lock are advisory
 * locks of a session ({@link AdvisoryRunLocks}, {@link AdvisorySchemaLock}), so that instances sharing the database
 * exclude each other.
 */
public final class PostgresDialect implements Dialect {

    @Override
    public String upsert(String table, List<String> columns, List<String> key, Set<String> jsonColumns) {
        String values = columns.stream().map(c -> jsonColumns.contains(c) ? "CAST(? AS jsonb)" : "?").collect(Collectors.joining(", "));
        return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES (" + values + ")" + onConflict(columns, key);
    }

    @Override
    public String sqlType(ColumnType type) {
        return switch (type) {
            case TEXT -> "TEXT";
            case INTEGER -> "BIGINT";
            case DECIMAL -> "NUMERIC";
            case BOOLEAN -> "BOOLEAN";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP WITH TIME ZONE";
        };
    }

    @Override
    public boolean transactionalDdl() {
        return true;
    }

    @Override
    public String rawType() {
        return "JSONB";
    }

    /** raw compressed with lz4 where the server has it, as V5__raw_lz4.sql does for the first tables (and says why). */
    @Override
    public List<String> afterCreate(String table) {
        return List.of("DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression'"
                + " AND 'lz4' = ANY (enumvals)) THEN ALTER TABLE " + table + " ALTER COLUMN raw SET COMPRESSION lz4; END IF; END $$");
    }

    /**
     * The primary key keeps its table's old name ({@code <table>_pkey}) unless it is renamed too: a later table of that
     * name needs it. Its name is read, not guessed: PostgreSQL cuts a long table's part of it ({@code <63 - 5>_pkey}).
     */
    @Override
    public List<String> renameTable(String from, String to) {
        return List.of("ALTER TABLE " + from + " RENAME TO " + to,
                "DO $$ DECLARE pkey text; BEGIN SELECT conname INTO pkey FROM pg_constraint WHERE conrelid = CAST('" + to
                        + "' AS regclass) AND contype = 'p'; IF pkey IS NOT NULL AND pkey <> '" + to + "_pkey' THEN"
                        + " EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', '" + to + "', pkey, '" + to + "_pkey');"
                        + " END IF; END $$");
    }

    @Override
    public RowUpsert rowUpsert() {
        return new CopyUpsert(this);
    }

    @Override
    public RunLocks runLocks(DataSource lockConnections, String holderName) {
        return new AdvisoryRunLocks(lockConnections, holderName);
    }

    @Override
    public SchemaLock schemaLock(Jdbi jdbi) {
        return new AdvisorySchemaLock(jdbi);
    }

    /**
     * Upserts every row of a staging table with the same columns; of rows with one key, the one with the highest
     * {@code ordinal} (ON CONFLICT refuses to touch one row twice in one statement).
     */
    String upsertFrom(String stage, String ordinal, String table, List<String> columns, List<String> key) {
        String names = String.join(", ", columns);
        String keys = String.join(", ", key);
        return "INSERT INTO " + table + " (" + names + ") SELECT DISTINCT ON (" + keys + ") " + names + " FROM " + stage
                + " ORDER BY " + keys + ", " + ordinal + " DESC" + onConflict(columns, key);
    }

    /** {@link #upsert(Table)} with {@code ON CONFLICT ... DO UPDATE ... WHERE} the record changed ({@link Dialect#changed}). */
    @Override
    public String upsertChanged(Table table) {
        return upsert(table) + " WHERE " + Dialect.changed(Dialect.writtenColumns(table), table.key(), table.name(), "EXCLUDED");
    }

    /**
     * {@link #upsertFrom} that writes only the records that changed ({@link Dialect#changed}), and answers which
     * staged rows it wrote: the {@code ordinal} of each key inserted or updated (its last row in the stage). A row
     * left as it was is not returned: its children stay too.
     */
    String upsertChangedFrom(String stage, String ordinal, String table, List<String> columns, List<String> key) {
        String keys = String.join(", ", key);
        String joined = key.stream().map(k -> "s." + k + " = w." + k).collect(Collectors.joining(" AND "));
        return "WITH written AS (" + upsertFrom(stage, ordinal, table, columns, key) + " WHERE " + Dialect.changed(columns, key, table, "EXCLUDED")
                + " RETURNING " + keys + ") SELECT MAX(s." + ordinal + ") FROM " + stage + " s JOIN written w ON " + joined
                + " GROUP BY " + key.stream().map(k -> "s." + k).collect(Collectors.joining(", "));
    }

    private static String onConflict(List<String> columns, List<String> key) {
        String updates = columns.stream().filter(c -> !key.contains(c)).map(c -> c + " = EXCLUDED." + c)
                .collect(Collectors.joining(", "));
        return " ON CONFLICT (" + String.join(", ", key) + ") DO " + (updates.isEmpty() ? "NOTHING" : "UPDATE SET " + updates);
    }
}
