package io.ledgersync.sync.walk;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.warehouse.state.RejectedRecords;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * Decides how each partition of one data set walks in a run ({@link Walk}): the one home of the incremental plan. A
 * company data set with a cursor is read incrementally, from its company's watermark minus the lookback, unless the
 * run is a full refresh, the company has no watermark yet, or records of it were set aside as unstorable (they are
 * tried again on the next run, and only a walk of everything reads them). Everything else, top-level data sets and
 * data sets without a cursor, is walked whole. The data set's filter applies to both. Thread-safe.
 */
public final class WalkPlanner {

    private final DataSet dataSet;
    private final SyncStates states;
    private final RejectedRecords rejectedRecords;
    private final Duration lookback;

    public WalkPlanner(DataSet dataSet, SyncStates states, RejectedRecords rejectedRecords, Duration lookback) {
        this.dataSet = dataSet;
        this.states = states;
        this.rejectedRecords = rejectedRecords;
        this.lookback = lookback;
    }

    /** The walk of a top-level data set's one partition: always whole. */
    public Walk topLevel(Instant now) {
        return whole(startOf(now));
    }

    /**
     * The walk of each company's partition, in the order of {@code companyIds}.
     *
     * @param fullRefresh the run walks every company data set whole, watermark or not
     * @param now when the run's partitions are planned: the walks' start
     */
    public Map<String, Walk> companies(List<String> companyIds, boolean fullRefresh, Instant now) {
        Instant startedAt = startOf(now);
        Map<String, Instant> watermarks = fullRefresh || dataSet.cursorField() == null ? Map.of() : watermarks();
        Map<String, Walk> walks = new LinkedHashMap<>();
        for (String companyId : companyIds) {
            Instant watermark = watermarks.get(companyId);
            walks.put(companyId, watermark == null ? whole(startedAt)
                    : new Walk(Walk.Kind.INCREMENTAL, Walk.changedSince(dataSet, watermark, lookback), startedAt));
        }
        return walks;
    }

    /** The companies' watermarks that an incremental walk may start from. */
    private Map<String, Instant> watermarks() {
        Map<String, Instant> watermarks = new HashMap<>(states.watermarks(dataSet.name()));
        rejectedRecords.all().stream().filter(rejected -> rejected.dataSet().equals(dataSet.name()))
                .forEach(rejected -> watermarks.remove(rejected.companyId()));
        return watermarks;
    }

    private Walk whole(Instant startedAt) {
        return new Walk(Walk.Kind.FULL, dataSet.filter(), startedAt);
    }

    /** Whole milliseconds: synced_at keeps microseconds, and a start rounded down never excludes a row it wrote. */
    private static Instant startOf(Instant now) {
        return now.truncatedTo(ChronoUnit.MILLIS);
    }
}
