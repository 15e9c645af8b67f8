package io.ledgersync.sync;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.warehouse.Warehouse;

/**
 * Splits one data set's step into partitions: a single one for a top-level data set, one per
 * company for a company data set (the companies synced so far, narrowed by the run's request).
 * No partition at all when the run does not ask for this data set. Thread-safe.
 */
class DataSetPartitioner implements Partitioner {

    static final String DATASET = "dataset";
    static final String COMPANY_ID = "companyId";

    private final DataSet dataSet;
    private final Warehouse warehouse;

    DataSetPartitioner(DataSet dataSet, Warehouse warehouse) {
        this.dataSet = dataSet;
        this.warehouse = warehouse;
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
            partitions.put("all", context(null));
            return partitions;
        }
        List<String> known = warehouse.distinctValues(DataSet.COMPANIES, "id");
        List<String> unknown = request.companies().stream().filter(id -> !known.contains(id)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("Unknown companies " + unknown + ": none of the " + known.size()
                    + " companies synced has that id (sync 'companies' first, or check the ids)");
        }
        for (String companyId : known) {
            if (request.includesCompany(companyId)) {
                partitions.put("company-" + companyId, context(companyId));
            }
        }
        return partitions;
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
