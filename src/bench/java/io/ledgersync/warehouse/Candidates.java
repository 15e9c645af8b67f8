package io.ledgersync.warehouse;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.jdbi.v3.core.Handle;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.dialect.H2Dialect;
import io.ledgersync.warehouse.dialect.RowUpsert;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.Table;

/** The H2 upserts {@link H2UpsertBenchmark} measures against today's {@link BatchedUpsert}. Not a test. */
final class Candidates {

    private Candidates() {
    }

    /** Today's statement as a plain JDBC batch: what Jdbi's binding costs. */
    static final class JdbcBatch implements RowUpsert {
        @Override
        public List<Row> upsert(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId) {
            try (PreparedStatement statement = handle.getConnection().prepareStatement(new H2Dialect().upsert(table))) {
                for (Row row : rows) {
                    bind(statement, 1, table, row, syncedAt, runId);
                    statement.addBatch();
                }
                statement.executeBatch();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return rows; // every row written: the candidates write unconditionally
        }
    }

    /** {@code MERGE INTO t (..) KEY (..) VALUES (..), (..), ...}: one statement per slice of rows. */
    static final class MergeValues implements RowUpsert {
        private final int slice;

        MergeValues(int slice) {
            this.slice = slice;
        }

        @Override
        public List<Row> upsert(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId) {
            Connection connection = handle.getConnection();
            int width = Dialect.allColumns(table).size();
            for (int from = 0; from < rows.size(); from += slice) {
                List<Row> part = rows.subList(from, Math.min(rows.size(), from + slice));
                String values = String.join(", ", Collections.nCopies(part.size(),
                        "(" + String.join(", ", Collections.nCopies(width, "?")) + ")"));
                String sql = "MERGE INTO " + table.name() + " (" + String.join(", ", Dialect.allColumns(table)) + ") KEY ("
                        + String.join(", ", table.key()) + ") VALUES " + values;
                try (PreparedStatement statement = connection.prepareStatement(sql)) {
                    int index = 1;
                    for (Row row : part) {
                        index = bind(statement, index, table, row, syncedAt, runId);
                    }
                    statement.executeUpdate();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }
            return rows; // every row written: the candidates write unconditionally
        }
    }

    /** {@code MERGE INTO t USING (VALUES ..) s ON key WHEN MATCHED THEN UPDATE .. WHEN NOT MATCHED THEN INSERT ..}. */
    static final class MergeUsing implements RowUpsert {
        @Override
        public List<Row> upsert(Handle handle, Table table, List<Row> rows, OffsetDateTime syncedAt, long runId) {
            // one source row per key: a second would be an error (or a duplicate insert), not an update
            Map<List<Object>, Row> last = new LinkedHashMap<>();
            List<Integer> keyIndexes = table.key().stream().map(table::indexOf).toList();
            for (Row row : rows) {
                List<Object> key = new ArrayList<>(keyIndexes.size());
                keyIndexes.forEach(i -> key.add(row.values()[i]));
                last.put(key, row);
            }
            List<String> columns = Dialect.allColumns(table);
            List<Column> typed = table.columns();
            // the first row's parameters carry the types, since H2 types a VALUES column from its rows
            List<String> first = new ArrayList<>();
            for (Column column : typed) {
                first.add("CAST(? AS " + h2Type(column.type()) + ")");
            }
            first.addAll(List.of("CAST(? AS CHARACTER LARGE OBJECT)", "CAST(? AS TIMESTAMP WITH TIME ZONE)", "CAST(? AS BIGINT)"));
            String plain = "(" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
            String values = "(" + String.join(", ", first) + ")" + String.join("", Collections.nCopies(last.size() - 1, ", " + plain));
            String sql = "MERGE INTO " + table.name() + " t USING (VALUES " + values + ") AS s (" + String.join(", ", columns) + ") ON "
                    + table.key().stream().map(k -> "t." + k + " = s." + k).collect(Collectors.joining(" AND "))
                    + " WHEN MATCHED THEN UPDATE SET "
                    + columns.stream().filter(c -> !table.key().contains(c)).map(c -> c + " = s." + c).collect(Collectors.joining(", "))
                    + " WHEN NOT MATCHED THEN INSERT (" + String.join(", ", columns) + ") VALUES ("
                    + columns.stream().map(c -> "s." + c).collect(Collectors.joining(", ")) + ")";
            try (PreparedStatement statement = handle.getConnection().prepareStatement(sql)) {
                int index = 1;
                for (Row row : last.values()) {
                    index = bind(statement, index, table, row, syncedAt, runId);
                }
                statement.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return rows; // every row written: the candidates write unconditionally
        }

        private static String h2Type(ColumnType type) {
            return switch (type) {
                case TEXT -> "CHARACTER VARYING";
                case INTEGER -> "BIGINT";
                case DECIMAL -> "NUMERIC(19, 6)";
                case BOOLEAN -> "BOOLEAN";
                case DATE -> "DATE";
                case TIMESTAMP -> "TIMESTAMP WITH TIME ZONE";
            };
        }
    }

    static int bind(PreparedStatement statement, int index, Table table, Row row, OffsetDateTime syncedAt, long runId)
            throws SQLException {
        Object[] values = row.values();
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                statement.setNull(index++, table.columns().get(i).type().sqlType());
            } else {
                statement.setObject(index++, values[i]);
            }
        }
        statement.setString(index++, row.rawText());
        statement.setObject(index++, syncedAt);
        statement.setLong(index++, runId);
        return index;
    }
}
