package io.ledgersync.source;

import java.time.Duration;

/**
 * The circuit breaker stayed open (the Data API kept failing, typically a 503 maintenance window)
 * for longer than the client may pause; the partition fails and a later run resumes it.
 * Immutable.
 */
public class CircuitOpenException extends DataApiException {

    private final Duration paused;

    CircuitOpenException(String request, String breaker, Duration paused, Duration maxPause, DataApiException lastFailure) {
        super(request, 0, request + " was not sent: the Data API has been failing (circuit breaker '" + breaker + "' open) and "
                + "the client paused " + paused.toSeconds() + " s, which reached ledgersync.api.circuit-breaker.max-pause ("
                + maxPause.toSeconds() + " s)" + (lastFailure == null ? "" : "; the last answer was: " + lastFailure.getMessage())
                + ". Restart the run when the Data API is back", lastFailure);
        this.paused = paused;
    }

    /** How long the client waited for the circuit to close before giving up. */
    public Duration paused() {
        return paused;
    }
}
