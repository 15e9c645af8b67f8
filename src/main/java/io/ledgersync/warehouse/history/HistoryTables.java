package io.ledgersync.warehouse.history;

import java.util.ArrayList;
import java.util.List;

import org.jdbi.v3.core.Handle;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.Versioning;

/**
 * The shape of a table's history ({@link Versioning}): {@code <table>_history} has the typed columns, {@code raw}, its
 * hash, the version's number and validity, when it was seen and by which run, keyed by the record's key and
 * {@code version}; {@code <child>_history} has the child table's columns with the parent's {@code version} in its key.
 * Their DDL, in the dialect's types. Stateless.
 */
public final class HistoryTables {

    private final Dialect dialect;

    public HistoryTables(Dialect dialect) {
        this.dialect = dialect;
    }

    /** The history table's key: the record's key, then {@code version}. */
    public static List<String> key(Table table) {
        List<String> key = new ArrayList<>(table.key());
        key.add(Versioning.VERSION);
        return key;
    }

    /** A child's history table's key: company_id if any, the parent column, the parent's version, line_number. */
    public static List<String> childKey(Table table, ChildTable child) {
        List<String> key = new ArrayList<>(child.key(table));
        key.add(key.size() - 1, Versioning.VERSION);
        return key;
    }

    /** Every column of a history table, in table order: the typed ones, then {@link Versioning#TRAILING}. */
    public static List<String> columns(Table table) {
        List<String> columns = new ArrayList<>();
        table.columns().forEach(column -> columns.add(column.name()));
        columns.addAll(Versioning.TRAILING);
        return columns;
    }

    /** Every column of a child's history table, in table order: its key, then the item's typed columns. */
    public static List<String> childColumns(Table table, ChildTable child) {
        List<String> columns = childKey(table, child);
        child.columns().forEach(column -> columns.add(column.name()));
        return columns;
    }

    /** Creates the history tables of the table and of its children that do not exist yet ({@code IF NOT EXISTS}). */
    public void create(Handle handle, Table table) {
        List<String> definitions = new ArrayList<>();
        for (Column column : table.columns()) {
            definitions.add(column.name() + " " + dialect.sqlType(column.type())
                    + (table.key().contains(column.name()) ? " NOT NULL" : ""));
        }
        definitions.add(StandardColumns.RAW + " " + dialect.rawType() + " NOT NULL");
        definitions.add(Versioning.RAW_HASH + " " + dialect.sqlType(ColumnType.TEXT) + " NOT NULL");
        definitions.add(Versioning.VERSION + " " + dialect.sqlType(ColumnType.INTEGER) + " NOT NULL");
        definitions.add(Versioning.VALID_FROM + " " + dialect.sqlType(ColumnType.TIMESTAMP) + " NOT NULL");
        definitions.add(Versioning.VALID_TO + " " + dialect.sqlType(ColumnType.TIMESTAMP));
        definitions.add(Versioning.IS_CURRENT + " " + dialect.sqlType(ColumnType.BOOLEAN) + " NOT NULL");
        definitions.add(Versioning.SEEN_AT + " " + dialect.sqlType(ColumnType.TIMESTAMP) + " NOT NULL");
        definitions.add(StandardColumns.RUN_ID + " " + dialect.sqlType(ColumnType.INTEGER) + " NOT NULL");
        definitions.add("PRIMARY KEY (" + String.join(", ", key(table)) + ")");
        String history = Versioning.historyOf(table.name());
        handle.execute("CREATE TABLE IF NOT EXISTS " + history + " (" + String.join(", ", definitions) + ")");
        dialect.afterCreate(history).forEach(handle::execute);
        // "the table as at T" and the purge read by validity
        handle.execute("CREATE INDEX IF NOT EXISTS " + Column.truncated(history + "_valid_to") + " ON " + history + " ("
                + Versioning.VALID_TO + ")");
        for (ChildTable child : table.children()) {
            createChild(handle, table, child);
        }
    }

    private void createChild(Handle handle, Table table, ChildTable child) {
        List<String> definitions = new ArrayList<>();
        if (table.key().contains(StandardColumns.COMPANY_ID)) {
            definitions.add(StandardColumns.COMPANY_ID + " " + dialect.sqlType(ColumnType.TEXT) + " NOT NULL");
        }
        ColumnType parentKey = table.columns().get(table.indexOf(table.ownKey())).type();
        definitions.add(child.parentColumn() + " " + dialect.sqlType(parentKey) + " NOT NULL");
        definitions.add(Versioning.VERSION + " " + dialect.sqlType(ColumnType.INTEGER) + " NOT NULL");
        definitions.add(StandardColumns.LINE_NUMBER + " " + dialect.sqlType(ColumnType.INTEGER) + " NOT NULL");
        child.columns().forEach(column -> definitions.add(column.name() + " " + dialect.sqlType(column.type())));
        definitions.add("PRIMARY KEY (" + String.join(", ", childKey(table, child)) + ")");
        handle.execute("CREATE TABLE IF NOT EXISTS " + Versioning.historyOf(child.name()) + " ("
                + String.join(", ", definitions) + ")");
    }

    /** Adds a typed column the data set's file gained: null in the versions written before. */
    public void addColumn(Handle handle, String historyTable, Column column) {
        handle.execute("ALTER TABLE " + historyTable + " ADD COLUMN " + column.name() + " " + dialect.sqlType(column.type()));
    }
}
