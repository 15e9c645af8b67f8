package io.ledgersync.warehouse;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.jdbi.v3.core.Handle;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.dialect.RowUpsert;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;

/**
 * How a complete full walk tells the records the source no longer has, now that a record read again unchanged is not
 * written (issue 28). A pass of a full walk reads every record of its company data set; each one read is either
 * written, so its {@code synced_at} is at or after the pass began, or read unchanged, and then its id is kept in
 * {@code walk_seen}, keyed by table, company and the pass's start. Both happen in the chunk's transaction, with the
 * walk's position: a walk resumed after a crash has exactly the ids of the pages it committed, and reads the rest
 * again. Once the walk completed, what it did not see is the live rows of the scope with neither ({@link #unseen}):
 * an anti-join, no write per unchanged row, which gives the same answer when a completion is done again after a crash.
 * The ids of the scope go when its next partition opens ({@link #forgetAllBut}): those of the last walk, of a pass
 * that a drift re-walk replaced, of a walk that never completed; a resumed walk keeps its current pass's.
 *
 * <p>Only ids of rows read unchanged are kept: on a first sync every row is written and nothing goes here. The test
 * on {@code synced_at} also covers a walk begun by a version that rewrote every row and resumed by this one. Keys:
 * the key columns besides {@code company_id}; one such column is compared by its type; several are joined with
 * U+001F and compared as text, exact for text and integer columns. Stateless.
 */
final class SeenIds {

    static final String TABLE = "walk_seen";
    private static final String SEPARATOR = "\u001f";
    private static final List<String> COLUMNS = List.of("table_name", "company_id", "pass_from", "record_id");
    private static final List<ColumnType> TYPES = List.of(ColumnType.TEXT, ColumnType.TEXT, ColumnType.TIMESTAMP, ColumnType.TEXT);

    private SeenIds() {
    }

    /**
     * Keeps the ids of the rows read but not written by a full walk's pass begun at {@code passFrom}.
     *
     * @param written the rows written ({@link RowUpsert#upsert}): a key among them is seen by its synced_at
     */
    static void keepUnchanged(Handle handle, RowUpsert inserts, Table table, String companyId, Instant passFrom, List<Row> rows,
            List<Row> written) {
        List<Integer> idColumns = idColumns(table);
        Set<String> writtenIds = new HashSet<>();
        written.forEach(row -> writtenIds.add(idOf(row, idColumns)));
        OffsetDateTime pass = passFrom.atOffset(ZoneOffset.UTC);
        String scope = scope(companyId);
        List<Object[]> seen = new ArrayList<>();
        Set<String> kept = new HashSet<>();
        for (Row row : rows) {
            String id = idOf(row, idColumns);
            if (!writtenIds.contains(id) && kept.add(id)) {
                seen.add(new Object[] {table.name(), scope, pass, id});
            }
        }
        inserts.insert(handle, TABLE, COLUMNS, TYPES, seen);
    }

    /**
     * The condition on a row {@code t} of the table that the pass begun at {@code :passFrom} did not see: not written
     * since, and its id not kept. Binds {@code :seenTable}, {@code :seenScope} and {@code :passFrom} ({@link #bindings}).
     */
    static String unseen(Table table, Dialect dialect) {
        List<String> ids = table.key().stream().filter(k -> !k.equals(StandardColumns.COMPANY_ID)).toList();
        String match;
        if (ids.size() == 1) {
            Column column = table.columns().get(table.indexOf(ids.get(0)));
            match = "t." + column.name() + " = CAST(s.record_id AS " + dialect.sqlType(column.type()) + ")";
        } else {
            match = "s.record_id = " + ids.stream().map(k -> "CAST(t." + k + " AS VARCHAR)")
                    .collect(Collectors.joining(" || '" + SEPARATOR + "' || "));
        }
        return "t." + StandardColumns.SYNCED_AT + " < :passFrom AND NOT EXISTS (SELECT 1 FROM " + TABLE + " s WHERE"
                + " s.table_name = :seenTable AND s.company_id = :seenScope AND s.pass_from = :passFrom AND " + match + ")";
    }

    static Map<String, Object> bindings(Table table, String companyId, Instant passFrom) {
        return Map.of("seenTable", table.name(), "seenScope", scope(companyId), "passFrom", passFrom.atOffset(ZoneOffset.UTC));
    }

    /**
     * Forgets the ids kept for the scope by any pass but {@code keep} (null: every pass). Not when a walk completes:
     * a crash before its completion is recorded does the marking again on restart, which must find the same ids.
     */
    static void forgetAllBut(Handle handle, Table table, String companyId, Instant keep) {
        handle.createUpdate("DELETE FROM " + TABLE + " WHERE table_name = :table AND company_id = :scope"
                        + (keep == null ? "" : " AND pass_from <> :keep"))
                .bind("table", table.name())
                .bind("scope", scope(companyId))
                .bindMap(keep == null ? Map.of() : Map.of("keep", keep.atOffset(ZoneOffset.UTC)))
                .execute();
    }

    /** A top-level data set's rows have no company: its scope is the empty string. */
    private static String scope(String companyId) {
        return companyId == null ? "" : companyId;
    }

    private static List<Integer> idColumns(Table table) {
        return table.key().stream().filter(k -> !k.equals(StandardColumns.COMPANY_ID)).map(table::indexOf).toList();
    }

    private static String idOf(Row row, List<Integer> idColumns) {
        if (idColumns.size() == 1) {
            return String.valueOf(row.values()[idColumns.get(0)]);
        }
        return idColumns.stream().map(i -> String.valueOf(row.values()[i])).collect(Collectors.joining(SEPARATOR));
    }
}
