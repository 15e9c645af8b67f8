package io.ledgersync.sync.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.partition.CompanySelection;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * Forgets the watermarks of some company data sets ({@code ledgersync reset}), so that the next run reads them whole:
 * a company data set without a watermark is read whole ({@code WalkPlanner}). The names are checked as a run's are
 * ({@link DataSetCatalog#check}, {@link CompanySelection}); the watermarks are cleared while this process holds every
 * run lock, so that no run plans its walks from them or moves them on meanwhile. Thread-safe.
 */
public class WatermarkReset {

    private final DataSetCatalog catalog;
    private final CompanySelection companies;
    private final SyncStates states;
    private final RunLocks locks;

    public WatermarkReset(DataSetCatalog catalog, CompanySelection companies, SyncStates states, RunLocks locks) {
        this.catalog = catalog;
        this.companies = companies;
        this.states = states;
        this.locks = locks;
    }

    /** A company data set's watermark: its next incremental walk reads from there (minus the lookback). */
    public record Watermark(String dataSet, String companyId, Instant at) {

        /** {@code invoices of company 42}. */
        public String partition() {
            return PartitionContext.describe(dataSet, companyId);
        }
    }

    /**
     * The watermarks a reset of the request's data sets and companies (all when it names none) would clear, by data set
     * then company.
     *
     * @throws IllegalArgumentException for a data set or company a run could not read, or a data set that never has a
     *     watermark (top-level, or without a cursor in its file): every run reads it whole
     */
    public List<Watermark> watermarks(SyncRequest request) {
        if (request.datasets().isEmpty()) {
            throw new IllegalArgumentException("Name the data sets whose watermarks to reset");
        }
        catalog.check(request);
        List<String> never = request.datasets().stream().filter(name -> !hasWatermarks(catalog.get(name))).toList();
        if (!never.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", never) + (never.size() == 1 ? " has" : " have")
                    + " no watermark to reset: every run reads " + (never.size() == 1 ? "it" : "them") + " whole (the data sets"
                    + " with one are " + String.join(", ", catalog.all().stream().filter(WatermarkReset::hasWatermarks)
                            .map(DataSet::name).toList()) + ")");
        }
        if (!request.companies().isEmpty()) {
            companies.select(request);
        }
        List<Watermark> watermarks = new ArrayList<>();
        for (String dataSet : request.datasets()) {
            Map<String, Instant> byCompany = new TreeMap<>(states.watermarks(dataSet));
            byCompany.forEach((company, at) -> {
                if (request.includesCompany(company)) {
                    watermarks.add(new Watermark(dataSet, company, at));
                }
            });
        }
        return watermarks;
    }

    /**
     * Clears the watermarks {@link #watermarks} lists, holding every run lock meanwhile.
     *
     * @return the watermarks it cleared
     * @throws IllegalArgumentException as {@link #watermarks} does
     * @throws SyncAlreadyRunningException while a run is active, here or in another process on the same database
     */
    public List<Watermark> reset(SyncRequest request) {
        List<RunLocks.Held> held = new ArrayList<>();
        try {
            for (String lockName : Arrays.stream(SyncRequest.Kind.values()).map(SyncRequest.Kind::lockName).distinct().toList()) {
                held.add(locks.tryAcquire(lockName).orElseThrow(() -> new SyncAlreadyRunningException("A " + lockName
                        + " sync run is active: held by " + locks.holder(lockName).orElse("another process")
                        + "; a reset would change what it reads: wait for it to end")));
            }
            List<Watermark> cleared = watermarks(request);
            for (String dataSet : request.datasets()) {
                states.clearWatermarks(dataSet, request.companies());
            }
            return cleared;
        } finally {
            held.forEach(RunLocks.Held::close);
        }
    }

    /** Only a company data set with a cursor is ever read incrementally, from a watermark. */
    private static boolean hasWatermarks(DataSet dataSet) {
        return dataSet.perCompany() && dataSet.cursorField() != null;
    }
}
