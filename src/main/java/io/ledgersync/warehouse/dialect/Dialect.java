package io.ledgersync.warehouse.dialect;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.lock.SchemaLock;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;

/**
 * What differs between the databases the warehouse runs on. One implementation per database;
 * the rest of the warehouse never asks which database it is on.
 */
public interface Dialect {

    /**
     * The statement that inserts a row, or replaces the row with the same key.
     *
     * @param columns every column, in binding order
     * @param jsonColumns the columns whose text parameter is a JSON document
     */
    String upsert(String table, List<String> columns, List<String> key, Set<String> jsonColumns);

    /** The upsert of a data-set table: its typed columns, then raw (JSON), synced_at, run_id, deleted_at. */
    default String upsert(Table table) {
        return upsert(table.name(), writtenColumns(table), table.key(), Set.of("raw"));
    }

    /**
     * The single-row upsert of a data-set table that writes only a record that changed: a new key is inserted; an
     * existing row is replaced only when its {@code raw} differs or it is marked deleted (the record came back), and
     * left untouched otherwise, no new row version, an update count of 0. Bound as {@link #upsert(Table)}.
     */
    String upsertChanged(Table table);

    /** How chunks of data-set rows are upserted on this database: by default, a JDBC batch of {@link #upsert(Table)}. */
    default RowUpsert rowUpsert() {
        return new BatchedUpsert(this);
    }

    /**
     * The locks that keep two runs of one kind apart on this database, for as long as their holder lives.
     *
     * @param lockConnections where a lock may open a connection of its own (not a pool)
     * @param holderName how a holder is shown to whoever is refused ({@link RunLocks#processName()})
     */
    RunLocks runLocks(DataSource lockConnections, String holderName);

    /** The lock held while the data-set tables are brought in line with their files, on the warehouse's connections. */
    SchemaLock schemaLock(Jdbi jdbi);

    /**
     * Whether CREATE, ALTER and DROP take part in a transaction, so that a start's change of the data-set tables can be
     * rolled back whole (PostgreSQL); where each commits by itself (H2), a failed change is undone statement by statement.
     */
    default boolean transactionalDdl() {
        return false;
    }

    /** The column type of a typed column, as CREATE TABLE and ADD COLUMN spell it. */
    String sqlType(ColumnType type);

    /** The type of {@code raw}, the whole record. */
    String rawType();

    /** The trailing standard columns' definitions on this database, for CREATE TABLE and ADD COLUMN. */
    default List<String> standardColumnDefinitions() {
        return List.of(
                StandardColumns.RAW + " " + rawType() + " NOT NULL",
                StandardColumns.SYNCED_AT + " " + sqlType(ColumnType.TIMESTAMP) + " NOT NULL",
                StandardColumns.RUN_ID + " " + sqlType(ColumnType.INTEGER) + " NOT NULL",
                deletedAtDefinition());
    }

    /** deleted_at's definition: the one standard column an older table may lack and gets added. */
    default String deletedAtDefinition() {
        return StandardColumns.DELETED_AT + " " + sqlType(ColumnType.TIMESTAMP);
    }

    /** Statements that finish a new data-set table (e.g. how its raw is compressed); none by default. */
    default List<String> afterCreate(String table) {
        return List.of();
    }

    /** Gives a table another name, with whatever the database names after its table (PostgreSQL's primary key). */
    default List<String> renameTable(String from, String to) {
        return List.of("ALTER TABLE " + from + " RENAME TO " + to);
    }

    /**
     * The condition under which a record read again is written over its row {@code current}, {@code incoming} being
     * what was read: the row is marked deleted (the record came back), a typed column would change, or raw differs.
     * The typed columns derive from raw, so they differ only when the mapping did (a column's {@code field} changed in
     * its file, a table adopted from an older version): the row then takes the new mapping. Raw itself is compared
     * rather than a stored hash of it: no column to add and fill, and a comparison of two equal records reads each
     * once, as hashing the incoming one would.
     *
     * @param columns the upsert's columns ({@link #writtenColumns}); the key's and the stamps are not compared
     */
    static String changed(List<String> columns, List<String> key, String current, String incoming) {
        StringBuilder condition = new StringBuilder(current + "." + StandardColumns.DELETED_AT + " IS NOT NULL");
        for (String column : columns) {
            if (!key.contains(column) && !StandardColumns.WRITTEN.contains(column) && !column.equals(StandardColumns.DELETED_AT)) {
                condition.append(" OR ").append(current).append('.').append(column).append(" IS DISTINCT FROM ")
                        .append(incoming).append('.').append(column);
            }
        }
        return condition.append(" OR ").append(current).append(".raw <> ").append(incoming).append(".raw").toString();
    }

    static Dialect forProduct(String productName) {
        Dialect dialect = Map.<String, Dialect>of("H2", new H2Dialect(), "PostgreSQL", new PostgresDialect()).get(productName);
        if (dialect == null) {
            throw new IllegalStateException("The warehouse database is " + productName
                    + ", which ledgersync does not support: use H2 or PostgreSQL (LEDGERSYNC_DB_URL)");
        }
        return dialect;
    }

    /** All column names of a data-set row in binding order: typed columns, then raw, synced_at, run_id. */
    static List<String> allColumns(Table table) {
        List<String> names = table.columns().stream().map(Column::name).collect(Collectors.toList());
        names.addAll(StandardColumns.WRITTEN);
        return names;
    }

    /**
     * The columns an upsert sets: {@link #allColumns} and {@code deleted_at}, always null, since a record written is
     * a record the source has: one a full walk marked deleted and that came back is live again.
     */
    static List<String> writtenColumns(Table table) {
        List<String> names = allColumns(table);
        names.add(StandardColumns.DELETED_AT);
        return names;
    }
}
