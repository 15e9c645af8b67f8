package io.ledgersync.sync.walk;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * Partitions' contexts as job repositories hold them from versions before walks were planned: their data set and
 * company under the keys those versions wrote, and no walk. Such a run, resumed, is read as it was; tests of what runs
 * report build their partitions from these. Not a test.
 */
public final class StoredPartitions {

    private StoredPartitions() {
    }

    /** @param companyId null for a top-level data set */
    public static ExecutionContext beforeWalks(String dataSet, String companyId) {
        ExecutionContext context = new ExecutionContext();
        context.putString("data.set", dataSet);
        if (companyId != null) {
            context.putString("companyId", companyId);
        }
        return context;
    }
}
