package io.ledgersync.warehouse;

import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jdbi.v3.core.Jdbi;

/**
 * The reporting database: upserts rows of data-set tables, idempotently, inside the caller's
 * Spring transaction (so a failed chunk leaves nothing behind). Thread-safe.
 */
public class Warehouse {

    private final Jdbi jdbi;
    private final Clock clock;
    private final RowUpsert rowUpsert;
    /** What each verified table's columns hold, read once at startup by {@link #verify}. */
    private final Map<String, ColumnLimits> limits = new ConcurrentHashMap<>();
    private static final ColumnLimits NO_LIMITS = ColumnLimits.none();

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
        for (Row row : rows) {
            if (row.children().size() != table.children().size()) {
                throw new IllegalArgumentException("A row for " + table.name() + " has " + row.children().size()
                        + " child lists for " + table.children().size() + " child tables");
            }
        }
        jdbi.useHandle(handle -> Transactions.inOne(handle, () -> {
            rowUpsert.upsert(handle, table, rows, syncedAt, runId);
            ChildRows.replace(handle, rowUpsert, table, table.children(), rows);
        }));
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
     * Checks that the table exists with every column a data set writes, and reads the limits of its columns for
     * {@link #misfit}. At start, after the data set's tables were brought in line with its file (sync.DataSetSchemas).
     */
    public void verify(Table table) {
        ColumnLimits columnLimits;
        try {
            columnLimits = jdbi.withHandle(handle -> ColumnLimits.read(handle.getConnection().getMetaData(), table.name()));
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the columns of table " + table.name() + ": " + e.getMessage(), e);
        }
        Set<String> existing = columnLimits.columns();
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
        limits.put(table.name(), columnLimits);
    }

    /** A value of a row that the table cannot store, and why. {@code column} is -1 for the row's {@code raw}. */
    public record Misfit(int column, String reason) {
    }

    /**
     * The first value of the row that its table cannot store, told before the database would refuse it and fail the
     * whole chunk: a NUL in a string or in {@code raw}, a string longer than its varchar, a number with more digits
     * before the point than its numeric holds, a timestamp outside the years 1 to 9999. Empty when the row fits.
     * The table's limits are those {@link #verify} read; a table not verified is checked for NULs and years only.
     */
    public Optional<Misfit> misfit(Table table, Row row) {
        ColumnLimits columnLimits = limits.getOrDefault(table.name(), NO_LIMITS);
        List<Column> columns = table.columns();
        for (int i = 0; i < columns.size(); i++) {
            String reason = columnLimits.misfit(columns.get(i), row.values()[i]);
            if (reason != null) {
                return Optional.of(new Misfit(i, reason));
            }
        }
        if (ColumnLimits.hasNulEscape(row.raw())) {
            return Optional.of(new Misfit(-1, "holds the escape \\u0000 (NUL), which PostgreSQL's jsonb refuses"));
        }
        return Optional.empty();
    }

}
