package io.ledgersync.warehouse;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.history.HistoryTables;
import io.ledgersync.warehouse.history.VersionWriter;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.StoredRecord;
import io.ledgersync.warehouse.table.Table;

/**
 * Brings a table's history in line with its current rows when history is turned on for a table that holds data: one
 * open version per live row, from its stored {@code raw} (never from the Data API), seen when the row was synced. The
 * same {@link VersionWriter} as a sync decides, so a seed run again (an interrupted start, history turned off and on)
 * adds a version only for a row that changed since its latest one; a version still open whose row was since marked
 * deleted is closed. Each batch of the {@link TableScan} is its own transaction. Thread-safe.
 */
final class HistorySeed {

    private final Jdbi jdbi;
    private final HistoryTables tables;
    private final VersionWriter versions;
    private final Clock clock;

    HistorySeed(Jdbi jdbi, Dialect dialect, Clock clock) {
        this.jdbi = jdbi;
        this.tables = new HistoryTables(dialect);
        this.versions = new VersionWriter(dialect.rowUpsert());
        this.clock = clock;
    }

    /** Creates the history tables the table lacks. */
    void create(Table table) {
        jdbi.useHandle(handle -> tables.create(handle, table));
    }

    /** @return how many versions were written */
    long seed(Table table, int batchSize, Function<StoredRecord, Row> derive) {
        long[] written = {0};
        TableScan.scan(jdbi, table, List.of(StandardColumns.RAW, StandardColumns.SYNCED_AT, StandardColumns.RUN_ID,
                StandardColumns.DELETED_AT), batchSize, (handle, stored) -> {
            List<Row> rows = new ArrayList<>(stored.size());
            List<VersionWriter.Seen> seen = new ArrayList<>(stored.size());
            int extra = table.key().size();
            for (Object[] values : stored) {
                if (values[extra + 3] == null) {
                    rows.add(derive.apply(TableScan.storedRecord(table, values)));
                    seen.add(new VersionWriter.Seen((OffsetDateTime) values[extra + 1], ((Number) values[extra + 2]).longValue()));
                }
            }
            Transactions.inOne(handle, () -> written[0] += versions.write(handle, table, rows, seen));
        });
        jdbi.useHandle(handle -> Transactions.inOne(handle, () -> versions.closeMissing(handle, table,
                StandardColumns.DELETED_AT + " IS NOT NULL", Map.of(), OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC))));
        return written[0];
    }
}
