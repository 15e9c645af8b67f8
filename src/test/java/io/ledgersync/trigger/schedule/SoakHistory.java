package io.ledgersync.trigger.schedule;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Locale;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

import io.ledgersync.sync.WarehouseAssertions;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.Versioning;

/**
 * A soak night's history, split by what bounds it: the runs' history ({@code sync_reconciliation}, which the purge of
 * old runs bounds), and the record versions of the data sets with {@code history: true} (issue 26), whose open versions
 * follow the live records and whose closed versions {@code ledgersync.history.keep} bounds.
 *
 * @param reconciliationRows rows of {@code sync_reconciliation}
 * @param openVersions versions with {@code is_current}, in every {@code <table>_history} of a data set (not its child
 *     tables' histories)
 * @param closedVersions the other versions there: replaced, deleted at the source, or closed by a full walk
 * @param liveRecords rows of those data sets' tables that are still in the source ({@code deleted_at} null)
 * @param sourceDeletedRecords of those, the rows the source marks deleted ({@code metadata.isDeleted}): their latest
 *     version is closed at the deletion, so they have no open version
 * @param oldestClosed the earliest {@code valid_to} of a closed version, null when there is none
 */
record SoakHistory(long reconciliationRows, long openVersions, long closedVersions, long liveRecords, long sourceDeletedRecords,
        Instant oldestClosed) {

    static final String CSV_HEADER = "reconciliation_rows,open_versions,closed_versions,live_records,source_deleted_records,"
            + "oldest_closed_valid_to";

    /** Reads the figures from the warehouse, for the data sets of the catalog that keep history. */
    static SoakHistory read(Jdbi jdbi, DataSetCatalog catalog) {
        long reconciliation = WarehouseAssertions.count(jdbi, "sync_reconciliation");
        long open = 0;
        long closed = 0;
        long live = 0;
        long deleted = 0;
        Instant oldest = null;
        for (DataSet dataSet : catalog.all()) {
            Table table = dataSet.table();
            if (!table.keepsHistory()) {
                continue;
            }
            String history = Versioning.historyOf(table.name());
            open += count(jdbi, history, Versioning.IS_CURRENT);
            closed += count(jdbi, history, "NOT " + Versioning.IS_CURRENT);
            String inSource = StandardColumns.DELETED_AT + " IS NULL";
            live += count(jdbi, table.name(), inSource);
            String flag = table.versioning().deletedFlag();
            deleted += flag == null ? 0 : count(jdbi, table.name(), inSource + " AND " + flag);
            Instant earliest = jdbi.withHandle(h -> oldestClosed(h, history));
            oldest = earliest == null || (oldest != null && oldest.isBefore(earliest)) ? oldest : earliest;
        }
        return new SoakHistory(reconciliation, open, closed, live, deleted, oldest);
    }

    /** The open versions the data give: one for every live record but those the source marks deleted. */
    long expectedOpenVersions() {
        return liveRecords - sourceDeletedRecords;
    }

    String csv() {
        return String.format(Locale.ROOT, "%d,%d,%d,%d,%d,%s", reconciliationRows, openVersions, closedVersions, liveRecords,
                sourceDeletedRecords, oldestClosed == null ? "" : oldestClosed);
    }

    private static long count(Jdbi jdbi, String table, String condition) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table + " WHERE " + condition).mapTo(Long.class).one());
    }

    private static Instant oldestClosed(Handle handle, String history) {
        OffsetDateTime earliest = handle.createQuery("SELECT MIN(" + Versioning.VALID_TO + ") FROM " + history + " WHERE NOT "
                + Versioning.IS_CURRENT).mapTo(OffsetDateTime.class).one();
        return earliest == null ? null : earliest.toInstant();
    }
}
