package io.ledgersync.warehouse.history;

import java.time.OffsetDateTime;

import org.jdbi.v3.core.Handle;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.Versioning;

/**
 * Deletes the versions of a table's history that were closed before a cut-off ({@code ledgersync.history.keep}), with
 * their child rows: what an "as at" query before the cut-off would need goes, the current versions and those closed
 * since always stay. Stateless.
 */
public final class VersionPurge {

    private VersionPurge() {
    }

    /** @return how many versions were deleted */
    public static int purge(Handle handle, Table table, OffsetDateTime closedBefore) {
        String history = Versioning.historyOf(table.name());
        String closed = " WHERE " + Versioning.VALID_TO + " < :closedBefore";
        for (ChildTable child : table.children()) {
            // the child's key without line_number is the parent version's key, column for column
            java.util.List<String> childKey = HistoryTables.childKey(table, child);
            handle.createUpdate("DELETE FROM " + Versioning.historyOf(child.name()) + " WHERE ("
                            + String.join(", ", childKey.subList(0, childKey.size() - 1)) + ") IN (SELECT "
                            + String.join(", ", HistoryTables.key(table)) + " FROM " + history + closed + ")")
                    .bind("closedBefore", closedBefore)
                    .execute();
        }
        return handle.createUpdate("DELETE FROM " + history + closed).bind("closedBefore", closedBefore).execute();
    }
}
