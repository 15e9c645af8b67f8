package io.ledgersync.sync.walk;

import java.util.Optional;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.sync.PartitionOutcome;

/**
 * The part of a partition's context that says why its read ended early ({@code DEFERRED}, {@code UNSUPPORTED}), why it
 * failed, or why the deletes its complete walk found were refused: kept with the partition, so the run's detail shows it after a restart of the service too. Not thread-safe,
 * like the context.
 */
public final class OutcomeKeys {

    private static final String OUTCOME = "outcome";
    private static final String ERROR = "outcome.error";
    private static final String CORRELATION_ID = "outcome.correlationId";
    private static final String DELETES_REFUSED = "walk.deletes.refused";

    private final ExecutionContext context;

    OutcomeKeys(ExecutionContext context) {
        this.context = context;
    }

    /** A read that ended early without failing, as the reader left it. */
    public Optional<PartitionOutcome> endedEarly() {
        return Optional.ofNullable(context.getString(OUTCOME, null)).map(PartitionOutcome::valueOf);
    }

    void saveEndedEarly(PartitionOutcome outcome, String message, String correlationId) {
        context.putString(OUTCOME, outcome.name());
        saveError(message, correlationId);
    }

    /** Why the partition was deferred, skipped or failed: the Data API's message, or the failure's. */
    public String error() {
        return context.getString(ERROR, null);
    }

    public String correlationId() {
        return context.getString(CORRELATION_ID, null);
    }

    public void saveError(String message, String correlationId) {
        context.putString(ERROR, String.valueOf(message));
        if (correlationId != null) {
            context.putString(CORRELATION_ID, correlationId);
        }
    }

    /** Why the safety bound refused the deletes of this complete full walk, and what applies them; empty: it did not. */
    public Optional<String> deletesRefused() {
        return Optional.ofNullable(context.getString(DELETES_REFUSED, null));
    }

    public void saveDeletesRefused(String why) {
        context.putString(DELETES_REFUSED, why);
    }
}
