package io.ledgersync.sync;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;

/** Logs the start of every run and, at its end, what it synced or why it failed. */
final class SyncRunLogger implements JobExecutionListener {

    private static final Logger log = LoggerFactory.getLogger(SyncRunLogger.class);

    @Override
    public void beforeJob(JobExecution execution) {
        SyncRequest request = SyncRequest.from(execution.getJobParameters());
        log.info("Sync run {} started: data sets {}, companies {}", execution.getId(),
                request.datasets().isEmpty() ? "all" : request.datasets(),
                request.companies().isEmpty() ? "all" : request.companies());
    }

    @Override
    public void afterJob(JobExecution execution) {
        SyncReport report = SyncReport.of(execution);
        if (report.successful()) {
            log.info(report.summary());
        } else {
            log.error("{}; failures: {}", report.summary(), String.join(" | ", report.failures()));
        }
    }
}
