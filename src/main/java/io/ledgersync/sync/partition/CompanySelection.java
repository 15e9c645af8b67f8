package io.ledgersync.sync.partition;

import java.util.List;

import io.ledgersync.sync.FewNames;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.warehouse.Warehouse;

/**
 * Which companies a request's company data sets are read for: the companies synced so far that the source still
 * has (a full walk of {@code companies} marks the others deleted), narrowed to those the request names. A named company that is not among them is the caller's
 * mistake, refused with the ids at fault, before a run starts ({@link SyncLauncher}) and again
 * when a run's partitions are made. The one home of that check. Thread-safe.
 */
public final class CompanySelection {

    private final Warehouse warehouse;

    public CompanySelection(Warehouse warehouse) {
        this.warehouse = warehouse;
    }

    /**
     * @return the known companies the request includes, sorted
     * @throws IllegalArgumentException when the request names a company that has not been synced
     */
    public List<String> select(SyncRequest request) {
        List<String> known = warehouse.liveValues(DataSet.COMPANIES, "id");
        List<String> unknown = request.companies().stream().filter(id -> !known.contains(id)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("Unknown companies " + FewNames.of(unknown) + ": none of the " + known.size()
                    + " companies synced has that id (sync 'companies' first, or check the ids)");
        }
        return known.stream().filter(request::includesCompany).toList();
    }
}
