package io.ledgersync.warehouse;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.TableShape;

/**
 * What a table has, as the database has it: its columns by the type a data set would declare, and its key, read from the
 * JDBC metadata, the same on both databases. Thread-safe.
 */
final class LiveTables {

    private final Jdbi jdbi;

    LiveTables(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** The table's shape; empty when there is no such table. */
    Optional<TableShape> shape(String table) {
        Column.requireIdentifier(table, "table");
        try {
            return jdbi.withHandle(handle -> shape(handle, table));
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the columns of table " + table + ": " + e.getMessage(), e);
        }
    }

    /** Looks for the name as written, then upper-cased: how H2 keeps names unless DATABASE_TO_LOWER is set. */
    private static Optional<TableShape> shape(Handle handle, String table) throws SQLException {
        DatabaseMetaData metaData = handle.getConnection().getMetaData();
        String schema = handle.getConnection().getSchema();
        for (String candidate : List.of(table, table.toUpperCase(Locale.ROOT))) {
            Map<String, ColumnType> columns = new LinkedHashMap<>();
            try (ResultSet rs = metaData.getColumns(null, schema, candidate, null)) {
                while (rs.next()) {
                    columns.put(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT), family(rs.getInt("DATA_TYPE")));
                }
            }
            if (!columns.isEmpty()) {
                Map<Integer, String> key = new TreeMap<>();
                try (ResultSet rs = metaData.getPrimaryKeys(null, schema, candidate)) {
                    while (rs.next()) {
                        key.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                    }
                }
                return Optional.of(new TableShape(columns, List.copyOf(key.values())));
            }
        }
        return Optional.empty();
    }

    /** The type a data set declares that a column of this JDBC type holds; null for none (e.g. JSONB). */
    private static ColumnType family(int jdbcType) {
        return switch (jdbcType) {
            case Types.VARCHAR, Types.LONGVARCHAR, Types.CHAR, Types.NVARCHAR, Types.CLOB, Types.NCLOB -> ColumnType.TEXT;
            case Types.BIGINT, Types.INTEGER, Types.SMALLINT, Types.TINYINT -> ColumnType.INTEGER;
            case Types.NUMERIC, Types.DECIMAL -> ColumnType.DECIMAL;
            case Types.BOOLEAN, Types.BIT -> ColumnType.BOOLEAN;
            case Types.DATE -> ColumnType.DATE;
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> ColumnType.TIMESTAMP;
            default -> null;
        };
    }
}
