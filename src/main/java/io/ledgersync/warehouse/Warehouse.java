package io.ledgersync.warehouse;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.jdbi.v3.core.Jdbi;

/**
 * The reporting database: upserts rows of data-set tables, idempotently, inside the caller's
 * Spring transaction (so a failed chunk leaves nothing behind). Thread-safe.
 */
public class Warehouse {

    private final Jdbi jdbi;
    private final Clock clock;
    private final RowUpsert rowUpsert;

    Warehouse(Jdbi jdbi, Dialect dialect, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
        this.rowUpsert = dialect.rowUpsert();
    }

    /**
     * Inserts the rows, or replaces the rows with the same key; stamps each with the time and the
     * run that wrote it. Running it again with the same rows changes nothing but those stamps.
     */
    public void upsert(Table table, List<Row> rows, long runId) {
        if (rows.isEmpty()) {
            return;
        }
        OffsetDateTime syncedAt = OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC);
        int columns = table.columns().size();
        for (Row row : rows) {
            if (row.values().length != columns) {
                throw new IllegalArgumentException("A row for " + table.name() + " has " + row.values().length
                        + " values for " + columns + " columns");
            }
        }
        jdbi.useHandle(handle -> rowUpsert.upsert(handle, table, rows, syncedAt, runId));
    }

    /** The distinct values of one column, sorted: e.g. the ids of the companies synced so far. */
    public List<String> distinctValues(String table, String column) {
        Column.requireIdentifier(table, "table");
        Column.requireIdentifier(column, "column");
        return jdbi.withHandle(handle -> handle
                .createQuery("SELECT DISTINCT " + column + " FROM " + table + " ORDER BY " + column)
                .mapTo(String.class)
                .list());
    }

    /** Counts the rows of a table. */
    public long count(String table) {
        Column.requireIdentifier(table, "table");
        return jdbi.withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    /**
     * Checks that the table exists with every column a data set writes, so that a data set
     * declared without its migration fails at startup with a message, not mid-run.
     */
    public void verify(Table table) {
        Set<String> existing;
        try {
            existing = jdbi.withHandle(handle -> columnsOf(handle.getConnection().getMetaData(), table.name()));
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the columns of table " + table.name() + ": " + e.getMessage(), e);
        }
        if (existing.isEmpty()) {
            throw new IllegalStateException("The warehouse has no table '" + table.name()
                    + "': add a Flyway migration that creates it (src/main/resources/db/migration/<database>/)");
        }
        List<String> missing = new ArrayList<>();
        for (String column : Dialect.allColumns(table)) {
            if (!existing.contains(column)) {
                missing.add(column);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("Table '" + table.name() + "' lacks the columns " + missing
                    + " that its data set writes: add them in a Flyway migration");
        }
    }

    private static Set<String> columnsOf(DatabaseMetaData metaData, String table) throws SQLException {
        Set<String> names = new HashSet<>();
        for (String candidate : List.of(table, table.toUpperCase(Locale.ROOT))) {
            try (ResultSet columns = metaData.getColumns(null, null, candidate, null)) {
                while (columns.next()) {
                    names.add(columns.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                }
            }
            if (!names.isEmpty()) {
                break;
            }
        }
        return names;
    }
}
