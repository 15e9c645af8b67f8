package io.ledgersync.sync.partition;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.transaction.support.TransactionOperations;

import io.ledgersync.source.DataApiException;
import io.ledgersync.source.PageCapException;
import io.ledgersync.sync.DeferralPolicy;
import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.Walk;
import io.ledgersync.warehouse.state.RejectedRecords;
import io.ledgersync.warehouse.state.SyncState.Status;
import io.ledgersync.warehouse.state.SyncState;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * After each partition: records in {@code sync_state} what came of the company's data set (read,
 * deferred with its next attempt, unsupported, failed with its cause and correlationId; a stopped
 * one keeps its state and notes the stop as its last error) and how many runs in a row failed it since when, has a
 * completed walk move its watermark, mark deletes and record its reconciliation ({@link WalkCompletion}), and logs the
 * outcome so a long run shows its progress. The partition's exit code is its {@link PartitionOutcome}. Thread-safe.
 */
public final class PartitionOutcomeListener implements StepExecutionListener {

    private static final Logger log = LoggerFactory.getLogger(PartitionOutcomeListener.class);

    private final SyncStates states;
    private final RejectedRecords rejectedRecords;
    private final DeferralPolicy deferral;
    private final Clock clock;
    private final ApplicationEventPublisher events;
    private final WalkCompletion completion;
    private final TransactionOperations transactions;

    public PartitionOutcomeListener(SyncStates states, RejectedRecords rejectedRecords, DeferralPolicy deferral, Clock clock,
            ApplicationEventPublisher events, WalkCompletion completion) {
        this(states, rejectedRecords, deferral, clock, events, completion, TransactionOperations.withoutTransaction());
    }

    /**
     * @param transactions what a partition's bookkeeping is written in: one transaction, so that its state, watermark,
     *     marks and reconciliation are one commit (one flush of the database's log) instead of one each, and never
     *     written in part
     */
    public PartitionOutcomeListener(SyncStates states, RejectedRecords rejectedRecords, DeferralPolicy deferral, Clock clock,
            ApplicationEventPublisher events, WalkCompletion completion, TransactionOperations transactions) {
        this.transactions = transactions;
        this.states = states;
        this.rejectedRecords = rejectedRecords;
        this.completion = completion;
        this.deferral = deferral;
        this.clock = clock;
        this.events = events;
    }

    @Override
    public ExitStatus afterStep(StepExecution step) {
        PartitionContext context = PartitionContext.of(step);
        PartitionOutcome byStatus = PartitionOutcome.of(step); // the exit code is not set yet: only the status counts
        PartitionOutcome outcome = byStatus == PartitionOutcome.STOPPED || byStatus == PartitionOutcome.FAILED ? byStatus
                : context.outcome().endedEarly().orElse(PartitionOutcome.COMPLETED);
        ExitStatus exit = transactions.execute(transaction -> record(step, context, outcome));
        events.publishEvent(new SyncEvent.PartitionFinished(step.getJobExecutionId(), context.dataSet(), context.companyId(),
                outcome, context.counts().recordsReadThisExecution(), context.counts().pagesReadThisExecution()));
        return exit;
    }

    private ExitStatus record(StepExecution step, PartitionContext context, PartitionOutcome outcome) {
        String companyId = context.companyId();
        String dataSet = context.dataSet();
        Instant now = clock.instant();
        if (outcome == PartitionOutcome.COMPLETED) {
            return completed(step, context, companyId, dataSet, now);
        }
        // every other outcome carries something of the state before on (attempts, last success, failure streak); a
        // completed one replaces all of it, and reads nothing: one query fewer for almost every partition of a night
        Optional<SyncState> previous = companyId == null ? Optional.empty() : states.find(companyId, dataSet);
        int attempts = previous.map(SyncState::attempts).orElse(0) + 1;
        Instant lastSuccess = previous.map(SyncState::lastSuccessAt).orElse(null);
        Streak streak = previous.map(state -> new Streak(state.consecutiveFailures(), state.failingSince())).orElse(Streak.NONE);
        switch (outcome) {
            case FAILED -> {
                Throwable cause = step.getFailureExceptions().isEmpty() ? null : step.getFailureExceptions().get(0);
                String message = cause == null ? step.getExitStatus().getExitDescription() : SyncReport.describe(cause);
                log.warn("{}: FAILED after {} records in {} page(s): {}", step.getStepName(),
                        context.counts().recordsReadThisExecution(), context.counts().pagesReadThisExecution(), message);
                // Batch's own ERROR lines with this trace are silenced (config/application.yml): the trace is here
                log.debug("{}: the failure's trace", step.getStepName(), cause);
                // kept with the partition, so the run's detail shows it after a restart of the service too
                context.outcome().saveError(message, correlationId(cause));
                if (pastItsPageCap(cause)) {
                    context.forgetPosition();
                }
                save(companyId, dataSet, Status.FAILED, attempts, null, lastSuccess, streak.failedAt(now), context, step, now);
                return step.getExitStatus();
            }
            case STOPPED -> {
                String message = "Stopped on request after " + context.counts().recordsReadThisExecution() + " records in "
                        + context.counts().pagesReadThisExecution() + " page(s) of run " + step.getJobExecutionId()
                        + "; a restart of the run resumes it";
                log.info("{}: {}", step.getStepName(), message);
                context.outcome().saveError(message, null);
                // A stop is the operator's doing, not the company's: the data set keeps the state it had (its
                // deferral stays due, its attempts unchanged) and only notes the stop; never read before, it has none.
                // Its failure streak likewise: a stop neither adds a failure nor shows the failure mended.
                previous.ifPresent(state -> states.save(new SyncState(companyId, dataSet, state.state(), state.attempts(),
                        state.nextAttemptAt(), state.lastSuccessAt(), message, null, step.getJobExecutionId(), now,
                        state.consecutiveFailures(), state.failingSince())));
                return new ExitStatus(outcome.name(), message);
            }
            case DEFERRED -> {
                Instant next = deferral.nextAttempt(now, attempts);
                log.info("{}: deferred (attempt {}), next attempt at {}", step.getStepName(), attempts, next);
                // A 409 is no failure, but nor does it show a failure mended: the data set is still not read since its
                // streak began, so the streak stays as it was. A data set that fails between deferrals keeps counting.
                save(companyId, dataSet, Status.DEFERRED, attempts, next, lastSuccess, streak, context, step, now);
                return new ExitStatus(outcome.name(), "Not ready at the Data API (409); next attempt at " + next);
            }
            case UNSUPPORTED -> {
                log.info("{}: not supported by the company's platform, skipped", step.getStepName());
                // The platform's final answer, and nothing to mend: the streak ends, or its alert would fire for good.
                save(companyId, dataSet, Status.UNSUPPORTED, 0, null, lastSuccess, Streak.NONE, context, step, now);
                return new ExitStatus(outcome.name(), "Data type not supported by the company's platform (404)");
            }
            default -> throw new IllegalStateException("A completed partition is recorded by completed(): " + outcome);
        }
    }

    /** Read to its end: the company data set is OK, its failure streak and deferral end, its walk's completion counts. */
    private ExitStatus completed(StepExecution step, PartitionContext context, String companyId, String dataSet, Instant now) {
        log.info("{}: {} records in {} page(s)", step.getStepName(), context.counts().recordsReadThisExecution(),
                context.counts().pagesReadThisExecution());
        save(companyId, dataSet, Status.OK, 0, null, now, Streak.NONE, null, step, now);
        // only a walk of everything saw every record: an incremental one must not forget what it did not re-read
        if (context.plan().walk().map(Walk::full).orElse(true)) {
            context.position().firstRun().ifPresent(first -> rejectedRecords.forgetUnseen(dataSet, companyId, first));
        }
        completion.completed(step.getJobExecutionId(), context, SyncRequest.from(step.getJobParameters()).acceptDeletes(), now);
        return step.getExitStatus();
    }

    /** Top-level data sets (companies) have no per-company state. */
    private void save(String companyId, String dataSet, Status status, int attempts, Instant next, Instant lastSuccess,
            Streak streak, PartitionContext context, StepExecution step, Instant now) {
        if (companyId != null) {
            states.save(new SyncState(companyId, dataSet, status, attempts, next, lastSuccess,
                    context == null ? null : context.outcome().error(), context == null ? null : context.outcome().correlationId(),
                    step.getJobExecutionId(), now, streak.failures(), streak.since()));
        }
    }

    /**
     * The runs in a row that failed a company data set, and when the first of them did: each failed partition adds one
     * (a run resumed by the next one counts again when it fails again), a read to its end or a 404 "not supported"
     * ends the streak, and deferrals and stops leave it as it was.
     */
    private record Streak(int failures, Instant since) {

        static final Streak NONE = new Streak(0, null);

        Streak failedAt(Instant now) {
            return new Streak(failures + 1, failures == 0 || since == null ? now : since);
        }
    }

    private static boolean pastItsPageCap(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof PageCapException) {
                return true;
            }
        }
        return false;
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
