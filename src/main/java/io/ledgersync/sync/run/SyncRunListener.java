package io.ledgersync.sync.run;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.context.ApplicationEventPublisher;

import io.ledgersync.sync.PermanentFailures;
import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.history.RunPartitions;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.warehouse.state.RunHistory;

/**
 * Logs the start of every run and, at its end, what it synced or why it failed; a run that
 * completed with deferrals ends with exit code {@code COMPLETED_WITH_DEFERRALS} and says how many; deletes the safety
 * bound refused are in the exit description, each with the command that applies them.
 * An incremental run or a full refresh over all companies records each data set it synced without an unfinished partition
 * as synced successfully ({@link RunHistory#recordSuccess}).
 */
public final class SyncRunListener implements JobExecutionListener {

    private static final Logger log = LoggerFactory.getLogger(SyncRunListener.class);

    private final PermanentFailures permanentFailures;
    private final ActiveRuns activeRuns;
    private final RunLookup lookup;
    private final RunHistory history;
    private final DataSetCatalog catalog;
    private final ApplicationEventPublisher events;

    /** Whether worker processes run the partitions (cluster mode): then only the job repository knows how they went. */
    private final boolean partitionsRunElsewhere;

    public SyncRunListener(PermanentFailures permanentFailures, ActiveRuns activeRuns, RunLookup lookup, RunHistory history,
            DataSetCatalog catalog, ApplicationEventPublisher events) {
        this(permanentFailures, activeRuns, lookup, history, catalog, events, false);
    }

    public SyncRunListener(PermanentFailures permanentFailures, ActiveRuns activeRuns, RunLookup lookup, RunHistory history,
            DataSetCatalog catalog, ApplicationEventPublisher events, boolean partitionsRunElsewhere) {
        this.partitionsRunElsewhere = partitionsRunElsewhere;
        this.permanentFailures = permanentFailures;
        this.activeRuns = activeRuns;
        this.lookup = lookup;
        this.history = history;
        this.catalog = catalog;
        this.events = events;
    }

    @Override
    public void beforeJob(JobExecution execution) {
        SyncRequest request = SyncRequest.from(execution.getJobParameters());
        List<JobExecution> earlier = lookup.earlier(execution);
        RunPartitions run = RunPartitions.of(execution, earlier);
        log.info("Sync run {} started ({}{}): data sets {}, companies {}", execution.getId(), request.kind().phrase(),
                run.resumed() ? ", resuming run " + run.resumedFrom() : "", request.datasets().isEmpty() ? "all" : request.datasets(),
                request.companies().isEmpty() ? "all" : request.companies());
        activeRuns.started(execution, earlier);
        events.publishEvent(new SyncEvent.RunStarted(execution.getId(), request.kind()));
    }

    @Override
    public void afterJob(JobExecution execution) {
        permanentFailures.forget(execution.getId());
        if (partitionsRunElsewhere) {
            lookup.refreshPartitions(execution);
        }
        RunPartitions run = activeRuns.running(execution.getId()).orElseGet(() -> lookup.partitions(execution));
        activeRuns.finished(execution);
        SyncReport report = SyncReport.of(run, catalog.names());
        if (execution.getStatus() == BatchStatus.COMPLETED && report.deferred() > 0) {
            execution.setExitStatus(RunOutcome.withDeferrals(report.deferred()));
            report = SyncReport.of(run, catalog.names());
        }
        if (execution.getStatus() == BatchStatus.COMPLETED && report.rejected() > 0) {
            // the run's exit description, as GET /api/runs/{id} shows it, says what the command line's exit code 10 says
            execution.setExitStatus(execution.getExitStatus().addExitDescription(report.rejected()
                    + " record(s) the Data API sent cannot be stored: set aside in rejected_records, tried again by the next run"));
        }
        if (!report.deletesRefused().isEmpty()) {
            // each with the command that applies them, for whoever reads the run in GET /api/runs/{id}
            execution.setExitStatus(execution.getExitStatus().addExitDescription(String.join("; ", report.deletesRefused())));
        }
        if (report.successful()) {
            log.info(report.summary());
        } else if (report.outcome() == RunOutcome.STOPPED && report.failures().isEmpty()) {
            // asked to stop (a signal, the API): not an error; a stopped run whose partitions also failed still is one
            log.warn("{}; the next run of its request resumes it", report.summary());
        } else {
            log.error("{}; failures: {}", report.summary(), String.join(" | ", report.failures()));
        }
        SyncRequest request = SyncRequest.from(execution.getJobParameters());
        recordSuccesses(request, report);
        events.publishEvent(new SyncEvent.RunFinished(report.runId(), request.kind(), report.outcome(), report.duration()));
    }

    /** A deferred run, or one for some companies, reads only part of a data set: it cannot make one fresh. */
    private void recordSuccesses(SyncRequest request, SyncReport report) {
        if (request.kind() == SyncRequest.Kind.DEFERRED || !request.companies().isEmpty()) {
            return;
        }
        for (SyncReport.DataSetOutcome outcome : report.dataSets()) {
            if (outcome.partitions() > 0 && outcome.unfinished() == 0 && outcome.lastEndedAt() != null) {
                history.recordSuccess(outcome.dataSet(), report.runId(), outcome.lastEndedAt());
            }
        }
    }
}
