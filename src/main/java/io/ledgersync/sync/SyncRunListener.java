package io.ledgersync.sync;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.context.ApplicationEventPublisher;

/**
 * Logs the start of every run and, at its end, what it synced or why it failed; a run that
 * completed with deferrals ends with exit code {@code COMPLETED_WITH_DEFERRALS} and says how many.
 */
final class SyncRunListener implements JobExecutionListener {

    static final String COMPLETED_WITH_DEFERRALS = "COMPLETED_WITH_DEFERRALS";

    private static final Logger log = LoggerFactory.getLogger(SyncRunListener.class);

    private final PermanentFailures permanentFailures;
    private final ActiveRuns activeRuns;
    private final ApplicationEventPublisher events;

    SyncRunListener(PermanentFailures permanentFailures, ActiveRuns activeRuns, ApplicationEventPublisher events) {
        this.permanentFailures = permanentFailures;
        this.activeRuns = activeRuns;
        this.events = events;
    }

    @Override
    public void beforeJob(JobExecution execution) {
        SyncRequest request = SyncRequest.from(execution.getJobParameters());
        log.info("Sync run {} started ({}): data sets {}, companies {}", execution.getId(), request.mode().lockName(),
                request.datasets().isEmpty() ? "all" : request.datasets(),
                request.companies().isEmpty() ? "all" : request.companies());
        activeRuns.started(execution);
        events.publishEvent(new SyncEvent.RunStarted(execution.getId(), request.mode()));
    }

    @Override
    public void afterJob(JobExecution execution) {
        permanentFailures.forget(execution.getId());
        activeRuns.finished(execution);
        SyncReport report = SyncReport.of(execution, false);
        if (execution.getStatus() == BatchStatus.COMPLETED && report.deferred() > 0) {
            execution.setExitStatus(new ExitStatus(COMPLETED_WITH_DEFERRALS,
                    report.deferred() + " company data set(s) deferred: not ready at the Data API (409), retried when due"));
        }
        if (report.successful()) {
            log.info(report.summary());
        } else {
            log.error("{}; failures: {}", report.summary(), String.join(" | ", report.failures()));
        }
        events.publishEvent(new SyncEvent.RunFinished(SyncRequest.from(execution.getJobParameters()).mode(),
                SyncReport.of(execution, false)));
    }
}
