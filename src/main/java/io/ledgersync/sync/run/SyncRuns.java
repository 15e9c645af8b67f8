package io.ledgersync.sync.run;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.springframework.batch.core.step.StepExecution;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.history.RunDetail;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.history.RunPartitions;
import io.ledgersync.warehouse.state.RunHistory;
import io.ledgersync.warehouse.state.SyncStates.Reconciliation;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * Answers what ran and what is due: runs newest first, one run's detail (with its live progress
 * while it executes in this process), the data sets a request may name, and whether a deferred run
 * has work. {@link SyncLauncher} changes what runs. Thread-safe.
 */
public class SyncRuns {

    private final RunLookup lookup;
    private final RunHistory history;
    private final ActiveRuns activeRuns;
    private final SyncStates states;
    private final DataSetCatalog catalog;
    private final Clock clock;

    public SyncRuns(RunLookup lookup, RunHistory history, ActiveRuns activeRuns, SyncStates states, DataSetCatalog catalog, Clock clock) {
        this.lookup = lookup;
        this.history = history;
        this.activeRuns = activeRuns;
        this.states = states;
        this.catalog = catalog;
        this.clock = clock;
    }

    /** Runs, newest first. */
    public List<RunDetail> runs(int page, int size) {
        return history.runIds(SyncRequest.JOB_NAME, page * size, size).stream().map(this::detail).toList();
    }

    /**
     * A page of runs, newest first, with their total.
     *
     * @throws IllegalArgumentException for a page below 0, or a size outside 1 to {@value RunsPage#MAX_SIZE}
     */
    public RunsPage page(int page, int size) {
        if (page < 0 || size < 1 || size > RunsPage.MAX_SIZE) {
            throw new IllegalArgumentException("page must be 0 or more and size 1 to " + RunsPage.MAX_SIZE + "; was page=" + page
                    + ", size=" + size);
        }
        return new RunsPage(runs(page, size).stream().map(RunsPage.RunSummary::of).toList(), page, size, runCount());
    }

    public long runCount() {
        return history.count(SyncRequest.JOB_NAME);
    }

    /**
     * A run's detail; live progress included while it executes in this process.
     *
     * @throws RunNotFoundException when there is no such run
     */
    public RunDetail detail(long runId) {
        RunPartitions run = activeRuns.running(runId).orElseGet(() -> lookup.partitions(lookup.execution(runId)));
        // a partition completed by an earlier execution of the run was reconciled under that execution's id
        List<Reconciliation> reconciliation = new ArrayList<>(states.reconciliations(runId));
        run.carried().stream().map(StepExecution::getJobExecutionId).distinct()
                .forEach(earlier -> reconciliation.addAll(states.reconciliations(earlier)));
        return RunDetail.of(run, activeRuns.progress(runId).orElse(null), List.copyOf(reconciliation));
    }

    /** The names of the data sets a request may choose from. */
    public List<String> dataSetNames() {
        return catalog.names();
    }

    /** Whether any deferred company data set is due now, so that a deferred run has work. */
    public boolean anyDeferralDue() {
        return !states.due(clock.instant()).isEmpty();
    }
}
