package io.ledgersync.warehouse.history;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.Query;
import io.ledgersync.warehouse.dialect.RowUpsert;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.Versioning;

/**
 * Writes the versions of a chunk's records into their table's history ({@link Versioning}), on the handle of the
 * transaction that writes the current rows, so that a crash leaves both or neither. A record gets a version only when
 * its {@link RawHash} differs from its latest version's, read from the history in the same transaction: a record read
 * again unchanged (a lookback's overlap, a full refresh, a re-walk, a resumed page) gets none, whether or not its
 * current row is written again. The new version closes the one before at its own {@code valid_from}; a record the
 * source marks deleted ({@link Versioning#deletedFlag()}) gets a closed version, valid from and to the deletion, so
 * that no "as at" query finds it from then on. New versions go in with the dialect's insert ({@link RowUpsert#insert}:
 * H2's JDBC batch, PostgreSQL's COPY). Thread-safe.
 */
public final class VersionWriter {

    /** Keys looked up per statement: well under every database's limit on parameters. */
    private static final int LOOKUP = 500;

    private final RowUpsert inserts;

    public VersionWriter(RowUpsert inserts) {
        this.inserts = inserts;
    }

    /** The latest version of a record in the history. */
    private record Latest(long version, String hash, boolean current, boolean deleted, OffsetDateTime validFrom,
            OffsetDateTime validTo) {

        /** Where the next version may begin at the earliest: versions of a record never overlap. */
        OffsetDateTime end() {
            return validTo == null || validTo.isBefore(validFrom) ? validFrom : validTo;
        }
    }

    /**
     * When ledgersync saw a row, and in which run: for a sync, now and its run; for a seed, the current row's
     * {@code synced_at} and {@code run_id}.
     */
    public record Seen(OffsetDateTime at, long runId) {
    }

    /**
     * @param seen when and by which run each row was seen, in the order of {@code rows}
     * @return how many versions were written
     */
    public int write(Handle handle, Table table, List<Row> rows, List<Seen> seen) {
        return write(handle, table, rows, seen, true);
    }

    /**
     * {@link #write} for records the history has no version of yet (a first sync's keys, new to their scope): each gets
     * its version 1 without the look-up, which on PostgreSQL without statistics scans the company's whole history for
     * every chunk (bench/BENCHMARKS.md, "End to end ... where PostgreSQL's CPU goes").
     */
    public int writeFirst(Handle handle, Table table, List<Row> rows, List<Seen> seen) {
        return write(handle, table, rows, seen, false);
    }

    private int write(Handle handle, Table table, List<Row> rows, List<Seen> seen, boolean lookUp) {
        if (rows.isEmpty()) {
            return 0; // a chunk read again unchanged: no lookup, no write
        }
        Versioning versioning = table.versioning();
        Map<List<Object>, Integer> lastByKey = new LinkedHashMap<>();
        for (int r = 0; r < rows.size(); r++) {
            lastByKey.put(keyOf(table, rows.get(r)), r);
        }
        Map<List<Object>, Latest> latest = lookUp ? latest(handle, table, new ArrayList<>(lastByKey.keySet())) : Map.of();
        int validFromIndex = versioning.validFrom() == null ? -1 : table.indexOf(versioning.validFrom());
        int deletedIndex = versioning.deletedFlag() == null ? -1 : table.indexOf(versioning.deletedFlag());
        List<Object[]> versions = new ArrayList<>();
        List<Object[]> closes = new ArrayList<>();
        List<Row> versioned = new ArrayList<>();
        for (Map.Entry<List<Object>, Integer> entry : lastByKey.entrySet()) {
            Row row = rows.get(entry.getValue());
            String hash = RawHash.of(row.raw()); // from the bytes: no String of raw for the hash
            Latest before = latest.get(entry.getKey());
            // unchanged: still current, or still deleted at the source; one a full walk closed and that is back gets a version
            if (before != null && before.hash().equals(hash) && (before.current() || before.deleted())) {
                continue;
            }
            Seen saw = seen.get(entry.getValue());
            OffsetDateTime validFrom = validFromIndex < 0 || row.values()[validFromIndex] == null ? saw.at()
                    : (OffsetDateTime) row.values()[validFromIndex];
            if (before != null && validFrom.isBefore(before.end())) {
                // a change the source dates before the last one, or a record back after a full walk found it gone
                validFrom = before.end();
            }
            if (before != null && before.current()) {
                List<Object> close = new ArrayList<>(entry.getKey());
                close.add(0, validFrom);
                close.add(before.version());
                closes.add(close.toArray());
            }
            boolean deleted = deletedIndex >= 0 && Boolean.TRUE.equals(row.values()[deletedIndex]);
            Object[] values = new Object[row.values().length + Versioning.TRAILING.size()];
            System.arraycopy(row.values(), 0, values, 0, row.values().length);
            int at = row.values().length;
            long version = before == null ? 1 : before.version() + 1;
            values[at++] = row.raw(); // the bytes as they came: COPY sends them as they are (RowUpsert#insert)
            values[at++] = hash;
            values[at++] = version;
            values[at++] = validFrom;
            values[at++] = deleted ? validFrom : null;
            values[at++] = !deleted;
            values[at++] = saw.at();
            values[at] = saw.runId();
            versions.add(values);
            versioned.add(row);
        }
        close(handle, table, closes);
        inserts.insert(handle, Versioning.historyOf(table.name()), HistoryTables.columns(table), types(table), versions);
        insertChildren(handle, table, versioned, versions);
        return versions.size();
    }

    /**
     * Closes, at {@code at}, the current versions of the rows of the table that {@code missingRows} (a condition on the
     * table, with named parameters {@code binds}) selects: records a full walk found gone from the source. Run once
     * those rows are marked deleted, in the same transaction.
     *
     * @return how many versions were closed
     */
    public int closeMissing(Handle handle, Table table, String missingRows, Map<String, Object> binds, OffsetDateTime at) {
        String keys = String.join(", ", table.key());
        return handle.createUpdate("UPDATE " + Versioning.historyOf(table.name()) + " SET " + Versioning.VALID_TO
                        + " = CASE WHEN " + Versioning.VALID_FROM + " > :closedAt THEN " + Versioning.VALID_FROM
                        + " ELSE :closedAt END, " + Versioning.IS_CURRENT + " = FALSE WHERE " + Versioning.IS_CURRENT + " AND ("
                        + keys + ") IN (SELECT " + keys + " FROM " + table.name() + " WHERE " + missingRows + ")")
                .bind("closedAt", at)
                .bindMap(binds)
                .execute();
    }

    private static List<Object> keyOf(Table table, Row row) {
        List<Object> key = new ArrayList<>(table.key().size());
        for (String column : table.key()) {
            key.add(row.values()[table.indexOf(column)]);
        }
        return key;
    }

    private static Map<List<Object>, Latest> latest(Handle handle, Table table, List<List<Object>> keys) {
        Versioning versioning = table.versioning();
        List<String> key = table.key();
        String selected = String.join(", ", key) + ", " + Versioning.VERSION + ", " + Versioning.RAW_HASH + ", "
                + Versioning.IS_CURRENT + ", " + Versioning.VALID_FROM + ", " + Versioning.VALID_TO
                + (versioning.deletedFlag() == null ? "" : ", " + versioning.deletedFlag());
        // the keys by all but their last column (a partition's chunk: one company), each group one range of the
        // primary key: "company_id = ? AND id IN (...)", which both databases answer from the index, where a row-value
        // IN list may be a scan
        Map<List<Object>, List<Object>> byPrefix = new LinkedHashMap<>();
        for (List<Object> values : keys) {
            byPrefix.computeIfAbsent(values.subList(0, key.size() - 1), prefix -> new ArrayList<>()).add(values.get(key.size() - 1));
        }
        String prefixCondition = key.subList(0, key.size() - 1).stream().map(k -> k + " = ? AND ")
                .collect(Collectors.joining());
        Map<List<Object>, Latest> latest = new HashMap<>();
        for (Map.Entry<List<Object>, List<Object>> group : byPrefix.entrySet()) {
            for (int from = 0; from < group.getValue().size(); from += LOOKUP) {
                List<Object> some = group.getValue().subList(from, Math.min(group.getValue().size(), from + LOOKUP));
                Query query = handle.createQuery("SELECT " + selected + " FROM " + Versioning.historyOf(table.name()) + " WHERE "
                        + prefixCondition + key.get(key.size() - 1) + " IN (" + String.join(", ", Collections.nCopies(some.size(), "?"))
                        + ")");
                int at = 0;
                for (Object value : group.getKey()) {
                    query.bind(at++, value);
                }
                for (Object value : some) {
                    query.bind(at++, value);
                }
                query.map((rs, ctx) -> {
                    List<Object> found = new ArrayList<>(key.size());
                    for (int k = 0; k < key.size(); k++) {
                        found.add(rs.getObject(k + 1));
                    }
                    int columns = key.size();
                    Latest version = new Latest(rs.getLong(columns + 1), rs.getString(columns + 2), rs.getBoolean(columns + 3),
                            versioning.deletedFlag() != null && rs.getBoolean(columns + 6), rs.getObject(columns + 4, OffsetDateTime.class),
                            rs.getObject(columns + 5, OffsetDateTime.class));
                    return Map.entry(found, version);
                }).forEach(entry -> latest.merge(entry.getKey(), entry.getValue(),
                        (a, b) -> a.version() >= b.version() ? a : b));
            }
        }
        return latest;
    }

    private static void close(Handle handle, Table table, List<Object[]> closes) {
        if (closes.isEmpty()) {
            return;
        }
        PreparedBatch batch = handle.prepareBatch("UPDATE " + Versioning.historyOf(table.name()) + " SET " + Versioning.VALID_TO
                + " = ?, " + Versioning.IS_CURRENT + " = FALSE WHERE " + table.key().stream().map(k -> k + " = ?")
                .collect(Collectors.joining(" AND ")) + " AND " + Versioning.VERSION + " = ?");
        for (Object[] close : closes) {
            for (int i = 0; i < close.length; i++) {
                batch.bind(i, close[i]);
            }
            batch.add();
        }
        batch.execute();
    }

    /** Each new version's child rows, numbered from 1 as the current child table's, keyed to the version. */
    private void insertChildren(Handle handle, Table table, List<Row> versioned, List<Object[]> versions) {
        int companyIndex = table.key().contains(StandardColumns.COMPANY_ID) ? table.indexOf(StandardColumns.COMPANY_ID) : -1;
        int keyIndex = table.children().isEmpty() ? -1 : table.indexOf(table.ownKey());
        int versionAt = table.columns().size() + Versioning.TRAILING.indexOf(Versioning.VERSION);
        for (int c = 0; c < table.children().size(); c++) {
            ChildTable child = table.children().get(c);
            List<Object[]> lines = new ArrayList<>();
            for (int v = 0; v < versioned.size(); v++) {
                Row row = versioned.get(v);
                long lineNumber = 1;
                for (Object[] item : row.children().get(c)) {
                    Object[] values = new Object[item.length + (companyIndex >= 0 ? 4 : 3)];
                    int at = 0;
                    if (companyIndex >= 0) {
                        values[at++] = row.values()[companyIndex];
                    }
                    values[at++] = row.values()[keyIndex];
                    values[at++] = versions.get(v)[versionAt];
                    values[at++] = lineNumber++;
                    System.arraycopy(item, 0, values, at, item.length);
                    lines.add(values);
                }
            }
            inserts.insert(handle, Versioning.historyOf(child.name()), HistoryTables.childColumns(table, child),
                    childTypes(table, child, companyIndex >= 0), lines);
        }
    }

    private static List<ColumnType> types(Table table) {
        List<ColumnType> types = new ArrayList<>();
        table.columns().forEach(column -> types.add(column.type()));
        types.addAll(List.of(ColumnType.TEXT, ColumnType.TEXT, ColumnType.INTEGER, ColumnType.TIMESTAMP, ColumnType.TIMESTAMP,
                ColumnType.BOOLEAN, ColumnType.TIMESTAMP, ColumnType.INTEGER));
        return types;
    }

    private static List<ColumnType> childTypes(Table table, ChildTable child, boolean perCompany) {
        List<ColumnType> types = new ArrayList<>();
        if (perCompany) {
            types.add(ColumnType.TEXT);
        }
        types.add(table.columns().get(table.indexOf(table.ownKey())).type());
        types.add(ColumnType.INTEGER);
        types.add(ColumnType.INTEGER);
        child.columns().forEach(column -> types.add(column.type()));
        return types;
    }
}
