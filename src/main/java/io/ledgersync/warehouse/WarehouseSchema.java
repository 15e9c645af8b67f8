package io.ledgersync.warehouse;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.Query;
import io.ledgersync.warehouse.dialect.ChildRows;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.dialect.RowUpsert;
import io.ledgersync.warehouse.lock.SchemaLock;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.StoredRecord;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.TableShape;

/**
 * The data-set tables' definitions in the database: what a table has ({@link #shape}), creating tables and adding
 * columns as their data set files declare them, filling typed columns and child tables again from the stored
 * {@code raw} in bounded batches (never from the Data API), and the record of what was applied
 * ({@code data_set_schema}). Flyway owns ledgersync's own tables; this owns the data-set tables. Thread-safe.
 */
public class WarehouseSchema {

    private static final String HISTORY = "data_set_schema";

    private final Jdbi jdbi;
    private final Dialect dialect;
    private final Clock clock;
    private final SchemaLock lock;

    WarehouseSchema(Jdbi jdbi, Dialect dialect, Clock clock) {
        this.jdbi = jdbi;
        this.dialect = dialect;
        this.clock = clock;
        this.lock = dialect.schemaLock(jdbi);
    }

    /** Runs {@code work} while no other process changes the data-set tables: under the dialect's {@link SchemaLock}. */
    public void exclusively(Runnable work) {
        lock.exclusively(work);
    }

    /** The table as the database has it; empty when there is no such table. */
    public Optional<TableShape> shape(String table) {
        Column.requireIdentifier(table, "table");
        try {
            return jdbi.withHandle(handle -> shape(handle, table));
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the columns of table " + table + ": " + e.getMessage(), e);
        }
    }

    private static Optional<TableShape> shape(Handle handle, String table) throws SQLException {
        {
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

    /** Creates a data-set table with its standard columns, and its child tables. */
    public void create(Table table) {
        jdbi.useHandle(handle -> {
            createTable(handle, table, table.name());
            for (ChildTable child : table.children()) {
                createChild(handle, table, child);
            }
        });
    }

    private void createTable(Handle handle, Table table, String name) {
        List<String> definitions = new ArrayList<>();
        for (Column column : table.columns()) {
            definitions.add(column.name() + " " + dialect.sqlType(column.type())
                    + (table.key().contains(column.name()) ? " NOT NULL" : ""));
        }
        definitions.addAll(dialect.standardColumnDefinitions());
        definitions.add("PRIMARY KEY (" + String.join(", ", table.key()) + ")");
        handle.execute("CREATE TABLE " + name + " (" + String.join(", ", definitions) + ")");
        dialect.afterCreate(name).forEach(handle::execute);
    }

    /** Creates a child table of an existing data-set table. */
    public void createChild(Table table, ChildTable child) {
        jdbi.useHandle(handle -> createChild(handle, table, child));
    }

    private void createChild(Handle handle, Table table, ChildTable child) {
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
    }

    /** Adds a nullable typed column to a table. */
    public void addColumn(String table, Column column) {
        Column.requireIdentifier(table, "table");
        jdbi.useHandle(handle -> handle.execute("ALTER TABLE " + table + " ADD COLUMN " + column.name() + " "
                + dialect.sqlType(column.type())));
    }

    /** Adds {@link StandardColumns#DELETED_AT} to a table created before it was standard. */
    public void addDeletedAt(String table) {
        Column.requireIdentifier(table, "table");
        jdbi.useHandle(handle -> handle.execute("ALTER TABLE " + table + " ADD COLUMN " + dialect.deletedAtDefinition()));
    }

    /** An index on the columns, named {@code <table>_<last column>}, unless one of that name exists. */
    public void index(String table, List<String> columns) {
        Column.requireIdentifier(table, "table");
        String name = table + "_" + columns.get(columns.size() - 1);
        jdbi.useHandle(handle -> handle.execute("CREATE INDEX IF NOT EXISTS " + name + " ON " + table + " ("
                + String.join(", ", columns) + ")"));
    }

    /** The newest record of what was applied for the data set; empty before the first. */
    public Optional<AppliedSchema> lastApplied(String dataSet) {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT * FROM " + HISTORY
                        + " WHERE data_set = :dataSet ORDER BY id DESC LIMIT 1")
                .bind("dataSet", dataSet).map((rs, ctx) -> applied(rs)).findOne());
    }

    /** Every record of what was applied, oldest first. */
    public List<AppliedSchema> history() {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT * FROM " + HISTORY + " ORDER BY id")
                .map((rs, ctx) -> applied(rs)).list());
    }

    private static AppliedSchema applied(ResultSet rs) throws SQLException {
        String columns = rs.getString("columns");
        return new AppliedSchema(rs.getString("data_set"), rs.getString("table_name"), rs.getString("source"),
                rs.getString("checksum"), columns.isEmpty() ? List.of() : Arrays.asList(columns.split(",")),
                rs.getString("change"), rs.getObject("applied_at", OffsetDateTime.class).toInstant());
    }

    /** Records what was applied for a data set; {@code appliedAt} is now. */
    public AppliedSchema record(String dataSet, String table, String source, String checksum, List<String> columns, String change) {
        Instant now = clock.instant();
        jdbi.useHandle(handle -> handle.createUpdate("INSERT INTO " + HISTORY
                        + " (data_set, table_name, source, checksum, columns, change, applied_at)"
                        + " VALUES (:dataSet, :table, :source, :checksum, :columns, :change, :appliedAt)")
                .bind("dataSet", dataSet).bind("table", table).bind("source", source).bind("checksum", checksum)
                .bind("columns", String.join(",", columns)).bind("change", change)
                .bind("appliedAt", OffsetDateTime.ofInstant(now, java.time.ZoneOffset.UTC)).execute());
        return new AppliedSchema(dataSet, table, source, checksum, columns, change, now);
    }

    /**
     * Fills typed columns and child tables again from every row's stored {@code raw}, in batches of
     * {@code batchSize} rows read in key order (each batch its own transaction, so memory and locks stay bounded,
     * and an interrupted fill is simply done again). {@code synced_at} and {@code run_id} stay: nothing was synced.
     *
     * @param columns the typed columns to fill
     * @param children the child tables to fill (replacing what they held for each row)
     * @param derive the row a stored record maps to, as a sync would have written it
     * @return how many rows were filled
     */
    public long rederive(Table table, List<String> columns, List<ChildTable> children, int batchSize,
            Function<StoredRecord, Row> derive) {
        if (columns.isEmpty() && children.isEmpty()) {
            return 0;
        }
        RowUpsert inserts = dialect.rowUpsert();
        String update = columns.isEmpty() ? null : "UPDATE " + table.name() + " SET "
                + columns.stream().map(c -> c + " = ?").collect(Collectors.joining(", ")) + " WHERE "
                + table.key().stream().map(k -> k + " = ?").collect(Collectors.joining(" AND "));
        return scan(table.name(), table, List.of(StandardColumns.RAW), batchSize, (handle, stored) -> {
            List<Row> rows = new ArrayList<>(stored.size());
            for (Object[] values : stored) {
                rows.add(derive.apply(storedRecord(table, values)));
            }
            Transactions.inOne(handle, () -> {
                if (update != null) {
                    PreparedBatch batch = handle.prepareBatch(update);
                    for (int r = 0; r < rows.size(); r++) {
                        int at = 0;
                        for (String column : columns) {
                            int index = table.indexOf(column);
                            bind(batch, at++, rows.get(r).values()[index], table.columns().get(index).type());
                        }
                        for (int k = 0; k < table.key().size(); k++) {
                            batch.bind(at++, stored.get(r)[k]);
                        }
                        batch.add();
                    }
                    batch.execute();
                }
                ChildRows.replace(handle, inserts, table, children, rows);
            });
        });
    }

    /**
     * Builds the table again as it is declared now, every typed column and child row derived from the stored
     * {@code raw}: for a change that cannot be applied in place (a column's type, the key). The rows move into a new
     * table in key order, batch by batch, keeping {@code raw}, {@code synced_at}, {@code run_id} and
     * {@code deleted_at}; two rows that the new key makes one keep the later. Then the new table takes the old one's
     * name. On PostgreSQL all of it is one transaction; on H2, whose DDL commits, a failure leaves the old table or a
     * {@code <table>_rebuild} that the next rebuild drops.
     *
     * @return how many rows were rebuilt
     */
    public long rebuild(Table table, int batchSize, Function<StoredRecord, Row> derive) {
        String rebuilt = rebuildName(table.name());
        Table target = new Table(rebuilt, table.columns(), table.key(), table.children());
        List<String> carried = List.of(StandardColumns.RAW, StandardColumns.SYNCED_AT, StandardColumns.RUN_ID,
                StandardColumns.DELETED_AT);
        List<String> written = new ArrayList<>(Dialect.allColumns(table));
        written.add(StandardColumns.DELETED_AT);
        String upsert = dialect.upsert(rebuilt, written, table.key(), Set.of(StandardColumns.RAW));
        RowUpsert inserts = dialect.rowUpsert();
        Optional<TableShape> old = shape(table.name());
        boolean hasDeletedAt = old.isPresent() && old.get().has(StandardColumns.DELETED_AT);
        TableShape oldShape = old.orElseThrow(() -> new IllegalStateException("There is no table " + table.name() + " to rebuild"));
        Table oldTable = new Table(table.name(), oldShape.key().stream().map(k -> new Column(k, ColumnType.TEXT)).toList(),
                oldShape.key());
        long[] count = {0};
        jdbi.useHandle(handle -> Transactions.inOne(handle, () -> {
            handle.execute("DROP TABLE IF EXISTS " + rebuilt);
            createTable(handle, target, rebuilt);
            for (ChildTable child : table.children()) {
                handle.execute("DROP TABLE IF EXISTS " + child.name());
                createChild(handle, table, child);
            }
            count[0] = scanOn(handle, table.name(), oldTable, hasDeletedAt ? carried : carried.subList(0, 3), batchSize,
                    (same, stored) -> {
                        List<Row> rows = new ArrayList<>(stored.size());
                        PreparedBatch batch = handle.prepareBatch(upsert);
                        int keys = oldTable.key().size();
                        for (Object[] values : stored) {
                            Row row = derive.apply(storedRecord(oldTable, values));
                            rows.add(row);
                            int at = 0;
                            for (int i = 0; i < row.values().length; i++) {
                                bind(batch, at++, row.values()[i], table.columns().get(i).type());
                            }
                            batch.bind(at++, (String) values[keys]);
                            batch.bind(at++, values[keys + 1]);
                            batch.bind(at++, values[keys + 2]);
                            bind(batch, at, hasDeletedAt ? values[keys + 3] : null, ColumnType.TIMESTAMP);
                            batch.add();
                        }
                        batch.execute();
                        ChildRows.replace(handle, inserts, target, table.children(), rows);
                    });
            handle.execute("DROP TABLE " + table.name());
            dialect.renameTable(rebuilt, table.name()).forEach(handle::execute);
        }));
        return count[0];
    }

    /**
     * The rows after a key, {@code (k1, k2) > (?, ?)} spelled {@code k1 >= ? AND (k1 > ? OR k2 > ?)}, so that H2 can
     * start a range scan of the primary key at {@code k1 >= ?} rather than evaluate a row-value comparison on every
     * row. Parameters: each key column's value, twice for all but the last.
     */
    private static String after(List<String> key, int from) {
        String column = key.get(from);
        if (from == key.size() - 1) {
            return column + " > ?";
        }
        return column + " >= ? AND (" + column + " > ? OR " + after(key, from + 1) + ")";
    }

    static String rebuildName(String table) {
        String name = table + "_rebuild";
        return name.length() <= 63 ? name : name.substring(0, 63);
    }

    private static void bind(PreparedBatch batch, int position, Object value, ColumnType type) {
        if (value == null) {
            batch.bindNull(position, type.sqlType());
        } else {
            batch.bind(position, value);
        }
    }

    /** The stored record of a scanned row: its key values, then raw. */
    private static StoredRecord storedRecord(Table table, Object[] values) {
        int company = table.key().indexOf(StandardColumns.COMPANY_ID);
        return new StoredRecord(company < 0 ? null : (String) values[company], (String) values[table.key().size()]);
    }

    /** What a batch of scanned rows is handed to: each row's key values, then the extra columns asked for. */
    private interface Batch {
        void accept(Handle handle, List<Object[]> rows) throws SQLException;
    }

    private long scan(String name, Table table, List<String> extra, int batchSize, Batch batch) {
        try {
            return jdbi.withHandle(handle -> scanOn(handle, name, table, extra, batchSize, batch));
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read table " + name + ": " + e.getMessage(), e);
        }
    }

    /** Reads the table in key order, {@code batchSize} rows at a time, each batch after the last key of the one before. */
    private static long scanOn(Handle handle, String name, Table table, List<String> extra, int batchSize, Batch batch)
            throws SQLException {
        List<String> key = table.key();
        List<String> selected = new ArrayList<>(key);
        selected.addAll(extra);
        String select = "SELECT " + String.join(", ", selected) + " FROM " + name;
        String order = " ORDER BY " + String.join(", ", key) + " LIMIT " + batchSize;
        String after = " WHERE " + after(key, 0);
        Object[] last = null;
        long count = 0;
        while (true) {
            Query query = handle.createQuery(select + (last == null ? "" : after) + order);
            if (last != null) {
                int at = 0;
                for (int k = 0; k < key.size(); k++) {
                    query.bind(at++, last[k]);
                    if (k < key.size() - 1) {
                        query.bind(at++, last[k]);
                    }
                }
            }
            List<Object[]> rows = query.map((rs, ctx) -> {
                Object[] values = new Object[selected.size()];
                for (int i = 0; i < values.length; i++) {
                    String column = selected.get(i);
                    values[i] = switch (column) {
                        case StandardColumns.RAW -> rs.getString(i + 1);
                        case StandardColumns.SYNCED_AT, StandardColumns.DELETED_AT -> rs.getObject(i + 1, OffsetDateTime.class);
                        default -> rs.getObject(i + 1);
                    };
                }
                return values;
            }).list();
            if (rows.isEmpty()) {
                return count;
            }
            batch.accept(handle, rows);
            count += rows.size();
            last = rows.get(rows.size() - 1);
            if (rows.size() < batchSize) {
                return count;
            }
        }
    }

}
