package io.ledgersync.warehouse;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.dialect.ChildRows;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.dialect.RowUpsert;
import io.ledgersync.warehouse.history.VersionPurge;
import io.ledgersync.warehouse.history.VersionWriter;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnLimits;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;

/**
 * The reporting database: upserts rows of data-set tables, idempotently, inside the caller's
 * Spring transaction (so a failed chunk leaves nothing behind). Thread-safe.
 */
public class Warehouse {

    private static final String DELETED_AT = StandardColumns.DELETED_AT;

    private final Jdbi jdbi;
    private final Clock clock;
    private final RowUpsert rowUpsert;
    /** The versions of the tables that keep history (issue 26), written beside their current rows. */
    private final VersionWriter versions;
    /** What each verified table's columns hold, read once at startup by {@link #verify}. */
    private final Map<String, ColumnLimits> limits = new ConcurrentHashMap<>();
    private static final ColumnLimits NO_LIMITS = ColumnLimits.none();

    Warehouse(Jdbi jdbi, Dialect dialect, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
        this.rowUpsert = dialect.rowUpsert();
        this.versions = new VersionWriter(rowUpsert);
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
            if (table.keepsHistory()) {
                versions.write(handle, table, rows, java.util.Collections.nCopies(rows.size(), new VersionWriter.Seen(syncedAt, runId)));
            }
        }));
    }

    /**
     * The distinct values of one column over the table's live rows ({@code deleted_at} null), sorted: e.g. the ids
     * of the companies the source still has.
     */
    public List<String> liveValues(String table, String column) {
        Column.requireIdentifier(table, "table");
        Column.requireIdentifier(column, "column");
        return jdbi.withHandle(handle -> handle
                .createQuery("SELECT DISTINCT " + column + " FROM " + table + " WHERE " + DELETED_AT + " IS NULL ORDER BY " + column)
                .mapTo(String.class)
                .list());
    }

    /** Counts the rows of a table. */
    public long count(String table) {
        Column.requireIdentifier(table, "table");
        return jdbi.withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    /**
     * Marks deleted, at {@code at}, the live rows of one company's data set (all rows of a top-level one: null
     * {@code companyId}) that a complete full walk started at {@code walkStartedAt} did not write: the source no
     * longer has them. Refuses, marking nothing, when they are more than {@code maxFraction} of the live rows: a
     * source that suddenly answers with a fraction of its records is more likely broken than emptied.
     */
    public Deletions markMissing(Table table, String companyId, Instant walkStartedAt, Instant at, double maxFraction) {
        String scope = companyId == null ? "" : " AND company_id = :companyId";
        Map<String, Object> company = companyId == null ? Map.of() : Map.of("companyId", companyId);
        return jdbi.inTransaction(handle -> {
            // one scan of the company's live rows counts both
            Map<String, Object> counts = handle.createQuery("SELECT COUNT(*) AS live, COALESCE(SUM(CASE WHEN synced_at"
                            + " < :walkStartedAt THEN 1 ELSE 0 END), 0) AS missing FROM " + table.name() + " WHERE " + DELETED_AT
                            + " IS NULL" + scope)
                    .bind("walkStartedAt", utc(walkStartedAt))
                    .bindMap(company)
                    .mapToMap().one();
            Deletions found = new Deletions(((Number) counts.get("missing")).longValue(),
                    ((Number) counts.get("live")).longValue(), 0);
            if (found.missing() == 0 || found.beyond(maxFraction)) {
                return new Deletions(found.missing(), found.live(), found.missing() == 0 ? 0 : -1);
            }
            if (table.keepsHistory()) {
                Map<String, Object> binds = new HashMap<>(company);
                binds.put("walkStartedAt", utc(walkStartedAt));
                versions.closeMissing(handle, table, DELETED_AT + " IS NULL AND synced_at < :walkStartedAt" + scope, binds, utc(at));
            }
            int marked = handle.createUpdate("UPDATE " + table.name() + " SET " + DELETED_AT + " = :at WHERE " + DELETED_AT
                            + " IS NULL AND synced_at < :walkStartedAt" + scope)
                    .bind("at", utc(at))
                    .bind("walkStartedAt", utc(walkStartedAt))
                    .bindMap(company)
                    .execute();
            return new Deletions(found.missing(), found.live(), marked);
        });
    }

    /**
     * What {@link #markMissing} found and did.
     *
     * @param missing live rows the walk did not write
     * @param live live rows before the walk's marking
     * @param marked rows marked deleted; -1 when the safety bound refused to mark any
     */
    public record Deletions(long missing, long live, long marked) {

        public boolean refused() {
            return marked < 0;
        }

        /** Whether the rows gone are more than {@code maxFraction} of the live ones: the safety bound's rule. */
        public boolean beyond(double maxFraction) {
            return missing > maxFraction * live;
        }
    }

    /**
     * Deletes the versions of a table's history closed before {@code closedBefore} ({@code ledgersync.history.keep}),
     * with their child rows, in one transaction.
     *
     * @return how many versions were deleted; 0 for a table without history
     */
    public int purgeVersions(Table table, Instant closedBefore) {
        if (!table.keepsHistory()) {
            return 0;
        }
        return jdbi.inTransaction(handle -> VersionPurge.purge(handle, table, utc(closedBefore)));
    }

    /** Per company, the live rows of a company data set's table and those marked deleted. */
    public Map<String, RowCounts> rowCounts(Table table) {
        Map<String, RowCounts> counts = new HashMap<>();
        jdbi.useHandle(handle -> handle.createQuery("SELECT company_id, SUM(CASE WHEN " + DELETED_AT
                        + " IS NULL THEN 1 ELSE 0 END) AS live, COUNT(" + DELETED_AT + ") AS deleted FROM " + table.name()
                        + " GROUP BY company_id")
                .map((rs, ctx) -> Map.entry(rs.getString("company_id"), new RowCounts(rs.getLong("live"),
                        rs.getLong("deleted"))))
                .forEach(entry -> counts.put(entry.getKey(), entry.getValue())));
        return counts;
    }

    /** Rows of a company's data set: live, and marked deleted. */
    public record RowCounts(long live, long deleted) {
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
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
        for (String column : Dialect.writtenColumns(table)) {
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
        if (ColumnLimits.hasNulEscape(row.raw())) { // on the bytes: no String of raw for the check
            return Optional.of(new Misfit(-1, "holds the escape \\u0000 (NUL), which PostgreSQL's jsonb refuses"));
        }
        return Optional.empty();
    }

}
