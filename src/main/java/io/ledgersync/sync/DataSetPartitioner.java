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

/**
 * Splits one data set's step into partitions: a single one for a top-level data set, one per
 * company for a company data set — in a full run the companies synced so far, in a deferred run
 * the companies whose deferral of this data set is due — narrowed by the run's request. No
 * partition at all when the run does not ask for this data set. Thread-safe.
 */
class DataSetPartitioner implements Partitioner {

    private final DataSet dataSet;
    private final CompanySelection companies;
    private final SyncStates states;
    private final Clock clock;

    DataSetPartitioner(DataSet dataSet, CompanySelection companies, SyncStates states, Clock clock) {
        this.dataSet = dataSet;
        this.companies = companies;
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
                partitions.put("all", PartitionContext.newPartition(dataSet.name(), null));
            }
            return partitions;
        }
        for (String companyId : companies(request)) {
            partitions.put("company-" + companyId, PartitionContext.newPartition(dataSet.name(), companyId));
        }
        return partitions;
    }

    private List<String> companies(SyncRequest request) {
        if (request.mode() == SyncRequest.Mode.DEFERRED) {
            return states.due(clock.instant()).stream()
                    .filter(state -> state.dataSet().equals(dataSet.name()))
                    .map(SyncState::companyId)
                    .filter(request::includesCompany)
                    .toList();
        }
        return companies.select(request);
    }
}
