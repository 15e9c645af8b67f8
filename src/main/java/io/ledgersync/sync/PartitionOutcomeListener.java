package io.ledgersync.sync;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.context.ApplicationEventPublisher;

import io.ledgersync.source.DataApiException;
import io.ledgersync.warehouse.SyncState;
import io.ledgersync.warehouse.SyncState.Status;
import io.ledgersync.warehouse.SyncStates;

/**
 * After each partition: records in {@code sync_state} what came of the company's data set (read,
 * deferred with its next attempt, unsupported, failed with its cause and correlationId), records
 * the reconciliation of a complete read, and logs the outcome so a long run shows its progress.
 * A deferred or unsupported partition completes with exit code {@code DEFERRED} or
 * {@code UNSUPPORTED}. Thread-safe.
 */
final class PartitionOutcomeListener implements StepExecutionListener {

    static final String DEFERRED = "DEFERRED";
    static final String UNSUPPORTED = "UNSUPPORTED";

    private static final Logger log = LoggerFactory.getLogger(PartitionOutcomeListener.class);

    private final SyncStates states;
    private final DeferralPolicy deferral;
    private final Clock clock;
    private final ApplicationEventPublisher events;

    PartitionOutcomeListener(SyncStates states, DeferralPolicy deferral, Clock clock, ApplicationEventPublisher events) {
        this.states = states;
        this.deferral = deferral;
        this.clock = clock;
        this.events = events;
    }

    @Override
    public ExitStatus afterStep(StepExecution step) {
        ExitStatus exit = recordOutcome(step);
        ExecutionContext context = step.getExecutionContext();
        String outcome = step.getStatus().isUnsuccessful() ? "FAILED"
                : DEFERRED.equals(exit.getExitCode()) || UNSUPPORTED.equals(exit.getExitCode()) ? exit.getExitCode() : "COMPLETED";
        events.publishEvent(new SyncEvent.PartitionFinished(step.getJobExecutionId(), context.getString(DataSetPartitioner.DATASET),
                context.getString(DataSetPartitioner.COMPANY_ID, null), outcome, step.getWriteCount(),
                context.getLong(DataSetItemReader.PAGES_READ, 0L)));
        return exit;
    }

    private ExitStatus recordOutcome(StepExecution step) {
        ExecutionContext context = step.getExecutionContext();
        String companyId = context.getString(DataSetPartitioner.COMPANY_ID, null);
        String dataSet = context.getString(DataSetPartitioner.DATASET);
        long pages = context.getLong(DataSetItemReader.PAGES_READ, 0L);
        long records = context.getLong(DataSetItemReader.RECORDS_READ, 0L);
        Instant now = clock.instant();
        Optional<SyncState> previous = companyId == null ? Optional.empty() : states.find(companyId, dataSet);
        int attempts = previous.map(SyncState::attempts).orElse(0) + 1;
        Instant lastSuccess = previous.map(SyncState::lastSuccessAt).orElse(null);

        if (step.getStatus().isUnsuccessful()) {
            Throwable cause = step.getFailureExceptions().isEmpty() ? null : step.getFailureExceptions().get(0);
            String message = cause == null ? step.getExitStatus().getExitDescription() : SyncReport.describe(cause);
            log.warn("{}: FAILED after {} records in {} page(s): {}", step.getStepName(), step.getWriteCount(), pages, message);
            // kept with the partition, so the run's detail shows it after a restart of the service too
            context.putString(DataSetItemReader.OUTCOME_ERROR, message);
            if (correlationId(cause) != null) {
                context.putString(DataSetItemReader.OUTCOME_CORRELATION_ID, correlationId(cause));
            }
            save(companyId, dataSet, Status.FAILED, attempts, null, lastSuccess, message, correlationId(cause), step, now);
            return step.getExitStatus();
        }
        String outcome = context.getString(DataSetItemReader.OUTCOME, null);
        if (DataSetItemReader.Outcome.NOT_READY.name().equals(outcome)) {
            Instant next = deferral.nextAttempt(now, attempts);
            log.info("{}: deferred (attempt {}), next attempt at {}", step.getStepName(), attempts, next);
            save(companyId, dataSet, Status.NOT_READY, attempts, next, lastSuccess, context.getString(DataSetItemReader.OUTCOME_ERROR),
                    context.getString(DataSetItemReader.OUTCOME_CORRELATION_ID, null), step, now);
            return new ExitStatus(DEFERRED, "Not ready at the Data API (409); next attempt at " + next);
        }
        if (DataSetItemReader.Outcome.UNSUPPORTED.name().equals(outcome)) {
            log.info("{}: not supported by the company's platform, skipped", step.getStepName());
            save(companyId, dataSet, Status.UNSUPPORTED, 0, null, lastSuccess, context.getString(DataSetItemReader.OUTCOME_ERROR),
                    context.getString(DataSetItemReader.OUTCOME_CORRELATION_ID, null), step, now);
            return new ExitStatus(UNSUPPORTED, "Data type not supported by the company's platform (404)");
        }
        log.info("{}: {} records in {} page(s)", step.getStepName(), step.getWriteCount(), pages);
        save(companyId, dataSet, Status.OK, 0, null, now, null, null, step, now);
        if (companyId != null && context.containsKey(DataSetItemReader.TOTAL_RESULTS)) {
            states.reconcile(step.getJobExecutionId(), companyId, dataSet, records,
                    context.getLong(DataSetItemReader.TOTAL_RESULTS), now);
        }
        return step.getExitStatus();
    }

    /** Top-level data sets (companies) have no per-company state. */
    private void save(String companyId, String dataSet, Status status, int attempts, Instant next, Instant lastSuccess,
            String error, String correlationId, StepExecution step, Instant now) {
        if (companyId != null) {
            states.save(new SyncState(companyId, dataSet, status, attempts, next, lastSuccess, error, correlationId,
                    step.getJobExecutionId(), now));
        }
    }

    private static String correlationId(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DataApiException api && api.correlationId() != null) {
                return api.correlationId();
            }
        }
        return null;
    }
}
