package io.ledgersync.sync.partition;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.Walk;
import io.ledgersync.sync.walk.WalkPlanner;
import io.ledgersync.warehouse.state.RejectedRecords;
import io.ledgersync.warehouse.state.SyncState;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * Splits one data set's step into partitions: a single one for a top-level data set, one per
 * company for a company data set — in a full run the companies synced so far, in a deferred run
 * the companies whose deferral of this data set is due — narrowed by the run's request. No
 * partition at all when the run does not ask for this data set. Each partition is told how to walk ({@link Walk}), as
 * {@link WalkPlanner} decides: incrementally from its company's watermark, or whole. Thread-safe.
 */
public class DataSetPartitioner implements Partitioner {

    private final DataSet dataSet;
    private final CompanySelection companies;
    private final SyncStates states;
    private final Clock clock;
    private final WalkPlanner walks;

    public DataSetPartitioner(DataSet dataSet, CompanySelection companies, SyncStates states, Clock clock, Duration lookback,
            RejectedRecords rejectedRecords) {
        this.dataSet = dataSet;
        this.companies = companies;
        this.states = states;
        this.clock = clock;
        this.walks = new WalkPlanner(dataSet, states, rejectedRecords, lookback);
    }

    @Override
    public Map<String, ExecutionContext> partition(int gridSize) {
        // The partitioner is shared by every run; the run's own parameters come from the manager step.
        SyncRequest request = SyncRequest.from(StepSynchronizationManager.getContext().getStepExecution().getJobParameters());
        Map<String, ExecutionContext> partitions = new LinkedHashMap<>();
        if (!request.includesDataSet(dataSet.name())) {
            return partitions;
        }
        Instant now = clock.instant();
        if (!dataSet.perCompany()) {
            if (request.kind() != SyncRequest.Kind.DEFERRED) {
                partitions.put("all", PartitionContext.newPartition(dataSet.name(), null, walks.topLevel(now)));
            }
            return partitions;
        }
        walks.companies(companies(request), request.kind() == SyncRequest.Kind.FULL, now).forEach((companyId, walk) ->
                partitions.put(partitionName(dataSet.name(), companyId), PartitionContext.newPartition(dataSet.name(), companyId, walk)));
        return partitions;
    }

    /** {@code BATCH_STEP_EXECUTION.STEP_NAME} is a varchar(100); Batch names a partition "{@code <step>:<partition>}". */
    public static final int MAX_STEP_NAME = 100;
    private static final Pattern PLAIN_ID = Pattern.compile("[A-Za-z0-9_.-]+");

    /**
     * The partition's name, which Batch stores and matches again to resume it: {@code company-<id>} for an id that is a
     * plain short word (a UUID; so the runs of earlier versions still resume), otherwise {@code company-sha256-<hash>}.
     * Ids are data, never names (issue 17): a 150-character id overflowed the step name and stopped every run, for
     * every company, for good. Nothing reads the name back: the partition's context says which company it is.
     */
    public static String partitionName(String dataSet, String companyId) {
        String plain = "company-" + companyId;
        if (PLAIN_ID.matcher(companyId).matches() && dataSet.length() + 1 + plain.length() <= MAX_STEP_NAME) {
            return plain;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(companyId.getBytes(StandardCharsets.UTF_8));
            return "company-sha256-" + HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    private List<String> companies(SyncRequest request) {
        if (request.kind() == SyncRequest.Kind.DEFERRED) {
            return states.due(clock.instant()).stream()
                    .filter(state -> state.dataSet().equals(dataSet.name()))
                    .map(SyncState::companyId)
                    .filter(request::includesCompany)
                    .toList();
        }
        return companies.select(request);
    }
}
