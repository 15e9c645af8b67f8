package io.ledgersync.warehouse;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
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
import io.ledgersync.warehouse.table.Versioning;

/**
 * The reporting database: upserts rows of data-set tables, idempotently, inside the caller's
 * Spring transaction (so a failed chunk leaves nothing behind). Thread-safe.
 */
public class Warehouse {

    private static final String DELETED_AT = StandardColumns.DELETED_AT;

    private final Jdbi jdbi;
    private final Clock clock;
    private final RowUpsert rowUpsert;
    private final Dialect dialect;
    /** The versions of the tables that keep history (issue 26), written beside their current rows. */
    private final VersionWriter versions;
    /** What each verified table's columns hold, read once at startup by {@link #verify}. */
    private final Map<String, ColumnLimits> limits = new ConcurrentHashMap<>();
    private static final ColumnLimits NO_LIMITS = ColumnLimits.none();

    Warehouse(Jdbi jdbi, Dialect dialect, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
        this.rowUpsert = dialect.rowUpsert();
        this.dialect = dialect;
        this.versions = new VersionWriter(rowUpsert);
    }

    /**
     * Inserts the new rows and replaces those whose record changed ({@link Dialect#changed}); stamps each row written
     * with the time and the run that wrote it. A record read again unchanged writes nothing: no row version, its child
     * rows left as they are, its stamps as they were. A row marked deleted is written again, live.
     *
     * @return the rows written, one per key (a key's last row), in chunk order: the parents whose children were replaced
     */
    public List<Row> upsert(Table table, List<Row> rows, long runId) {
        return write(table, rows, runId, Walked.NONE).rows();
    }

    /**
     * {@link #upsert}, told what the partition's walk knows: a full walk's pass keeps the ids of the rows it read
     * unchanged for {@link #markMissing} ({@link SeenIds}), and into a scope empty when the partition began
     * ({@link #isEmpty}) the rows are first tried straight in ({@link RowUpsert#insertNew}), which the primary key makes
     * safe whatever the table holds by now: a chunk with a key already there goes the upsert's way, and so do the
     * partition's later ones. A chunk that went straight in has keys that no row of the scope had: the partition is its
     * scope's only writer, and writes a key's child rows and versions only with its current row; so its child rows and
     * first versions are inserted without a delete or a look-up.
     */
    public Written write(Table table, List<Row> rows, long runId, Walked walked) {
        if (rows.isEmpty()) {
            return new Written(List.of(), walked.intoEmpty());
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
        List<List<Row>> written = new ArrayList<>(1);
        boolean[] straight = {false};
        jdbi.useHandle(handle -> Transactions.inOne(handle, () -> {
            straight[0] = walked.intoEmpty() && rowUpsert.insertNew(handle, table, rows, syncedAt, runId);
            List<Row> parents = straight[0] ? rows : rowUpsert.upsert(handle, table, rows, syncedAt, runId);
            List<VersionWriter.Seen> seen = Collections.nCopies(parents.size(), new VersionWriter.Seen(syncedAt, runId));
            if (straight[0]) {
                // keys new to the table, in a scope whose children and history were empty too (isEmpty): nothing of
                // theirs to delete or look up, so their child rows and first versions go straight in (issue 28)
                ChildRows.insert(handle, rowUpsert, table, table.children(), parents);
                if (table.keepsHistory()) {
                    versions.writeFirst(handle, table, parents, seen);
                }
            } else {
                ChildRows.replace(handle, rowUpsert, table, table.children(), parents);
                if (table.keepsHistory()) {
                    // a version only for a record written: one read again unchanged writes none (issues 26 and 28)
                    versions.write(handle, table, parents, seen);
                }
            }
            if (walked.fullPassFrom() != null) {
                SeenIds.keepUnchanged(handle, rowUpsert, table, walked.companyId(), walked.fullPassFrom(), rows, parents);
            }
            written.add(parents);
        }));
        return new Written(written.get(0), straight[0]);
    }

    /**
     * What the walk that read a chunk knows, for {@link #write}.
     *
     * @param companyId the partition's company; null for a top-level data set
     * @param fullPassFrom when the current pass of a full walk began ({@code RecoveryKeys.wholeFrom}); null when the
     *        walk is not full, and no ids are kept
     * @param intoEmpty the partition's scope of the table had no row when it began, and no chunk of it met a key there
     */
    public record Walked(String companyId, Instant fullPassFrom, boolean intoEmpty) {

        /** A plain upsert: no walk behind it. */
        public static final Walked NONE = new Walked(null, null, false);
    }

    /**
     * What {@link #write} wrote.
     *
     * @param rows the parents inserted or replaced, one per key, in chunk order (history mode versions exactly these)
     * @param straight whether they went straight in ({@link RowUpsert#insertNew}); false tells the next chunk to upsert
     */
    public record Written(List<Row> rows, boolean straight) {
    }

    /**
     * Forgets the ids read unchanged that {@link #write} kept for one company's rows of the table (all rows: null
     * {@code companyId}), but those of the pass {@code current} (null: all of them): when a partition opens, a walk
     * resumed keeps its own, an earlier walk's go.
     */
    public void forgetSeen(Table table, String companyId, Instant current) {
        jdbi.useHandle(handle -> SeenIds.forgetAllBut(handle, table, companyId, current));
    }

    /**
     * Whether the table, its child tables and, in history mode, their histories have no row of the company (of any
     * company, for a top-level data set: null). A row in any of them (a child or a version left without its current
     * row) makes the scope not empty: {@link #write}'s straight path neither deletes child rows nor reads the history,
     * which is right only for keys none of them has.
     */
    public boolean isEmpty(Table table, String companyId) {
        String scope = companyId == null ? "" : " WHERE company_id = :companyId";
        List<String> family = new ArrayList<>();
        family.add(table.name());
        table.children().forEach(child -> family.add(child.name()));
        if (table.keepsHistory()) {
            new ArrayList<>(family).forEach(name -> family.add(Versioning.historyOf(name)));
        }
        return jdbi.withHandle(handle -> family.stream().allMatch(name -> handle.createQuery("SELECT 1 FROM " + name + scope + " LIMIT 1")
                .bindMap(companyId == null ? Map.of() : Map.of("companyId", companyId))
                .mapTo(Integer.class).findOne().isEmpty()));
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
     * {@code companyId}) that a complete full walk's pass begun at {@code walkStartedAt} did not see: neither written
     * since nor kept as read unchanged ({@link SeenIds}); the source no longer has them. Refuses, marking nothing, when
     * they are more than {@code maxFraction} of the live rows: a source that suddenly answers with a fraction of its
     * records is more likely broken than emptied. The ids the walk kept stay ({@link #forgetSeen}): done again, after
     * a crash before the walk's completion was recorded, it finds the same. The rows marked are those of the scope whose {@code deleted_at} is now {@code at} (how history mode finds them).
     */
    public Deletions markMissing(Table table, String companyId, Instant walkStartedAt, Instant at, double maxFraction) {
        String scope = companyId == null ? "" : " AND t.company_id = :companyId";
        Map<String, Object> company = companyId == null ? Map.of() : Map.of("companyId", companyId);
        String unseen = SeenIds.unseen(table, dialect);
        Map<String, Object> seen = SeenIds.bindings(table, companyId, walkStartedAt);
        return jdbi.inTransaction(handle -> {
            // one scan of the company's live rows counts both
            Map<String, Object> counts = handle.createQuery("SELECT COUNT(*) AS live, COALESCE(SUM(CASE WHEN " + unseen
                            + " THEN 1 ELSE 0 END), 0) AS missing FROM " + table.name() + " t WHERE t." + DELETED_AT + " IS NULL" + scope)
                    .bindMap(seen)
                    .bindMap(company)
                    .mapToMap().one();
            Deletions found = new Deletions(((Number) counts.get("missing")).longValue(),
                    ((Number) counts.get("live")).longValue(), 0);
            Deletions done;
            if (found.missing() == 0 || found.beyond(maxFraction)) {
                done = new Deletions(found.missing(), found.live(), found.missing() == 0 ? 0 : -1);
            } else {
                int marked = handle.createUpdate("UPDATE " + table.name() + " t SET " + DELETED_AT + " = :at WHERE t." + DELETED_AT
                                + " IS NULL" + scope + " AND " + unseen)
                        .bind("at", utc(at))
                        .bindMap(seen)
                        .bindMap(company)
                        .execute();
                done = new Deletions(found.missing(), found.live(), marked);
            }
            if (table.keepsHistory() && done.marked() > 0) {
                // the rows just marked are those of the scope marked at this very instant: their current versions close
                Map<String, Object> binds = new HashMap<>(company);
                binds.put("markedAt", utc(at));
                versions.closeMissing(handle, table, DELETED_AT + " = :markedAt" + (companyId == null ? "" : " AND company_id = :companyId"),
                        binds, utc(at));
            }
            return done;
        });
    }

    /**
     * What {@link #markMissing} found and did.
     *
     * @param missing live rows the walk did not see
     * @param live live rows before the walk's marking
     * @param marked rows marked deleted; -1 when the safety bound refused to mark any
     */
    public record Deletions(long missing, long live, long marked) {

        /** Nothing missing, nothing marked: a walk that wrote every row of its scope. */
        public static final Deletions NONE = new Deletions(0, 0, 0);

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
