package io.ledgersync.sync.dataset;

import java.time.Duration;
import java.time.Instant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.table.Versioning;

/**
 * Keeps the history tables of the data sets with {@code history: true} (every version of each record) from growing
 * for ever when {@code ledgersync.history.keep} is set: purges the versions closed longer ago than that, with their
 * child rows. Not the history of runs ({@code ledgersync.history.retention}, the job repository): that one is
 * {@code sync.history.RunRetention}'s. Both run at the purge's time ({@code ledgersync.history.purge}). Thread-safe.
 */
public final class VersionRetention {

    private static final Logger log = LoggerFactory.getLogger(VersionRetention.class);

    private final DataSetCatalog catalog;
    private final Warehouse warehouse;

    public VersionRetention(DataSetCatalog catalog, Warehouse warehouse) {
        this.catalog = catalog;
        this.warehouse = warehouse;
    }

    /**
     * Purges, in each history table, the versions closed before {@code now - keep}; logs what went in one line.
     *
     * @param keep how long a closed version is kept; null keeps every version (the default), purging nothing
     * @return the versions purged
     */
    public long purge(Instant now, Duration keep) {
        if (keep == null) {
            return 0;
        }
        Instant cutoff = now.minus(keep);
        long purged = 0;
        StringBuilder tables = new StringBuilder();
        for (DataSet dataSet : catalog.all()) {
            if (dataSet.table().keepsHistory()) {
                int gone = warehouse.purgeVersions(dataSet.table(), cutoff);
                purged += gone;
                tables.append(tables.isEmpty() ? "" : ", ").append(Versioning.historyOf(dataSet.table().name())).append(' ')
                        .append(gone);
            }
        }
        log.info("Purged {} record version(s) closed before {} (ledgersync.history.keep {}): {}", purged, cutoff, keep,
                tables.isEmpty() ? "no data set keeps history" : tables);
        return purged;
    }
}
