package io.ledgersync.warehouse;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;

/**
 * The DDL of the data-set tables, in the dialect's types: a table with its standard columns and its key, a child table
 * keyed by its parent's key and line number, an added column, an index. Each change is noted with the statement that
 * takes it back ({@link AllOrNothing}). Thread-safe.
 */
final class TableDefinitions {

    private final Jdbi jdbi;
    private final Dialect dialect;
    private final AllOrNothing changes;

    TableDefinitions(Jdbi jdbi, Dialect dialect, AllOrNothing changes) {
        this.jdbi = jdbi;
        this.dialect = dialect;
        this.changes = changes;
    }

    void create(Table table) {
        jdbi.useHandle(handle -> {
            create(handle, table);
            for (ChildTable child : table.children()) {
                createChild(handle, table, child);
            }
        });
    }

    /** The table alone, without its child tables. */
    void create(Handle handle, Table table) {
        List<String> definitions = new ArrayList<>();
        for (Column column : table.columns()) {
            definitions.add(column.name() + " " + dialect.sqlType(column.type())
                    + (table.key().contains(column.name()) ? " NOT NULL" : ""));
        }
        definitions.addAll(dialect.standardColumnDefinitions());
        definitions.add("PRIMARY KEY (" + String.join(", ", table.key()) + ")");
        handle.execute("CREATE TABLE " + table.name() + " (" + String.join(", ", definitions) + ")");
        changes.madeChange("DROP TABLE IF EXISTS " + table.name());
        dialect.afterCreate(table.name()).forEach(handle::execute);
    }

    void createChild(Table table, ChildTable child) {
        jdbi.useHandle(handle -> createChild(handle, table, child));
    }

    void createChild(Handle handle, Table table, ChildTable child) {
        List<String> definitions = new ArrayList<>();
        if (table.key().contains(StandardColumns.COMPANY_ID)) {
            definitions.add(StandardColumns.COMPANY_ID + " " + dialect.sqlType(ColumnType.TEXT) + " NOT NULL");
        }
        ColumnType parentKey = table.columns().get(table.indexOf(table.ownKey())).type();
        definitions.add(child.parentColumn() + " " + dialect.sqlType(parentKey) + " NOT NULL");
        definitions.add(StandardColumns.LINE_NUMBER + " " + dialect.sqlType(ColumnType.INTEGER) + " NOT NULL");
        child.columns().forEach(column -> definitions.add(column.name() + " " + dialect.sqlType(column.type())));
        definitions.add("PRIMARY KEY (" + String.join(", ", child.key(table)) + ")");
        handle.execute("CREATE TABLE " + child.name() + " (" + String.join(", ", definitions) + ")");
        changes.madeChange("DROP TABLE IF EXISTS " + child.name());
    }

    /** Nullable: the rows there are have no value until a refill derives one from their raw. */
    void addColumn(String table, Column column) {
        alter(table, column.name(), column.name() + " " + dialect.sqlType(column.type()));
    }

    void addDeletedAt(String table) {
        alter(table, StandardColumns.DELETED_AT, dialect.deletedAtDefinition());
    }

    private void alter(String table, String column, String definition) {
        Column.requireIdentifier(table, "table");
        jdbi.useHandle(handle -> handle.execute("ALTER TABLE " + table + " ADD COLUMN " + definition));
        changes.madeChange("ALTER TABLE " + table + " DROP COLUMN " + column);
    }

    /** Notes the index as a change only when it is new on this table: one of that name elsewhere is left alone. */
    void index(String table, List<String> columns) {
        Column.requireIdentifier(table, "table");
        String name = table + "_" + columns.get(columns.size() - 1);
        try {
            jdbi.useHandle(handle -> {
                boolean existed = hasIndex(handle, table, name);
                handle.execute("CREATE INDEX IF NOT EXISTS " + name + " ON " + table + " (" + String.join(", ", columns) + ")");
                if (!existed && hasIndex(handle, table, name)) {
                    changes.madeChange("DROP INDEX IF EXISTS " + name);
                }
            });
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the indexes of table " + table + ": " + e.getMessage(), e);
        }
    }

    private static boolean hasIndex(Handle handle, String table, String index) throws SQLException {
        DatabaseMetaData metaData = handle.getConnection().getMetaData();
        try (ResultSet rs = metaData.getIndexInfo(null, handle.getConnection().getSchema(), table, false, true)) {
            while (rs.next()) {
                if (index.equalsIgnoreCase(rs.getString("INDEX_NAME"))) {
                    return true;
                }
            }
        }
        return false;
    }
}
