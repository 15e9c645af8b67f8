package io.ledgersync.sync.history;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.state.SyncStates.LastReconciliation;
import io.ledgersync.warehouse.state.SyncState;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * Where each company's data sets stand ({@code GET /api/status}, {@code ledgersync status}): read from the warehouse, so
 * it survives restarts and agrees between instances sharing a database. Thread-safe.
 */
public class SyncStatus {

    private final SyncStates states;
    private final Warehouse warehouse;
    private final DataSetCatalog catalog;
    private final Clock clock;

    public SyncStatus(SyncStates states, Warehouse warehouse, DataSetCatalog catalog, Clock clock) {
        this.states = states;
        this.warehouse = warehouse;
        this.catalog = catalog;
        this.clock = clock;
    }

    /**
     * The status as a whole, the one document of {@code GET /api/status} and {@code ledgersync status --json}.
     *
     * @param at when it was read
     * @param companyDataSets per company and data set, by data set then company
     */
    public record Report(Instant at, List<CompanyDataSet> companyDataSets) {
    }

    /** Every company data set's status, now. */
    public Report report() {
        return new Report(clock.instant(), companyDataSets());
    }

    /**
     * One company data set.
     *
     * @param state what its last run found
     * @param watermark what its next incremental walk reads from (minus the lookback); null until a walk completed
     * @param consecutiveFailures runs in a row that failed it; 0 once a run reads it to its end
     * @param failingSince when the first of those runs failed it; null when it is not failing
     * @param lastReconciliation its newest walk's records against {@code totalResults}, drift and deletes; null: none yet
     * @param rowsLive its rows with {@code deleted_at} null
     * @param rowsDeleted its rows a full walk marked deleted
     */
    public record CompanyDataSet(String companyId, String dataSet, SyncState.Status state, Instant watermark,
            Instant lastFullSuccessAt, Instant lastIncrementalSuccessAt, String lastError, int consecutiveFailures,
            Instant failingSince, LastReconciliation lastReconciliation, long rowsLive, long rowsDeleted) {
    }

    /** Every company data set that has been read at least once, by data set then company. */
    public List<CompanyDataSet> companyDataSets() {
        Map<String, Map<String, Warehouse.RowCounts>> counts = new HashMap<>();
        for (DataSet dataSet : catalog.all()) {
            if (dataSet.perCompany()) {
                counts.put(dataSet.name(), warehouse.rowCounts(dataSet.table()));
            }
        }
        List<CompanyDataSet> status = new ArrayList<>();
        for (SyncStates.Standing standing : states.standings()) {
            Warehouse.RowCounts rows = counts.getOrDefault(standing.dataSet(), Map.of())
                    .getOrDefault(standing.companyId(), new Warehouse.RowCounts(0, 0));
            status.add(new CompanyDataSet(standing.companyId(), standing.dataSet(), standing.state(), standing.watermark(),
                    standing.lastFullSuccessAt(), standing.lastIncrementalSuccessAt(), standing.lastError(),
                    standing.consecutiveFailures(), standing.failingSince(), standing.lastReconciliation(), rows.live(),
                    rows.deleted()));
        }
        return status;
    }

    /** The oldest watermark of each company data set, by data set: how far its laggard company is behind. */
    public Map<String, Instant> oldestWatermarks() {
        return states.oldestWatermarks();
    }
}
