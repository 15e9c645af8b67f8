package io.ledgersync.sync;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.warehouse.SyncState;
import io.ledgersync.warehouse.SyncStates;
import io.ledgersync.warehouse.Warehouse;

/**
 * Splits one data set's step into partitions: a single one for a top-level data set, one per
 * company for a company data set — in a full run the companies synced so far, in a deferred run
 * the companies whose deferral of this data set is due — narrowed by the run's request. No
 * partition at all when the run does not ask for this data set. Thread-safe.
 */
class DataSetPartitioner implements Partitioner {

    static final String DATASET = "dataset";
    static final String COMPANY_ID = "companyId";

    private final DataSet dataSet;
    private final Warehouse warehouse;
    private final SyncStates states;
    private final Clock clock;

    DataSetPartitioner(DataSet dataSet, Warehouse warehouse, SyncStates states, Clock clock) {
        this.dataSet = dataSet;
        this.warehouse = warehouse;
        this.states = states;
        this.clock = clock;
    }

    @Override
    public Map<String, ExecutionContext> partition(int gridSize) {
        // The partitioner is shared by every run; the run's own parameters come from the manager step.
        SyncRequest request = SyncRequest.from(StepSynchronizationManager.getContext().getStepExecution().getJobParameters());
        Map<String, ExecutionContext> partitions = new LinkedHashMap<>();
        if (!request.includesDataSet(dataSet.name())) {
            return partitions;
        }
        if (!dataSet.perCompany()) {
            if (request.mode() == SyncRequest.Mode.FULL) {
                partitions.put("all", context(null));
            }
            return partitions;
        }
        for (String companyId : companies(request)) {
            if (request.includesCompany(companyId)) {
                partitions.put("company-" + companyId, context(companyId));
            }
        }
        return partitions;
    }

    private List<String> companies(SyncRequest request) {
        if (request.mode() == SyncRequest.Mode.DEFERRED) {
            return states.due(clock.instant()).stream()
                    .filter(state -> state.dataSet().equals(dataSet.name()))
                    .map(SyncState::companyId)
                    .toList();
        }
        List<String> known = warehouse.distinctValues(DataSet.COMPANIES, "id");
        List<String> unknown = request.companies().stream().filter(id -> !known.contains(id)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("Unknown companies " + unknown + ": none of the " + known.size()
                    + " companies synced has that id (sync 'companies' first, or check the ids)");
        }
        return known;
    }

    private ExecutionContext context(String companyId) {
        ExecutionContext context = new ExecutionContext();
        context.putString(DATASET, dataSet.name());
        if (companyId != null) {
            context.putString(COMPANY_ID, companyId);
        }
        return context;
    }
}
