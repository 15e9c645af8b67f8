package io.ledgersync.sync;

import java.time.Duration;
import java.time.Instant;

/**
 * When a deferred data set is tried again: the delay doubles with every consecutive deferral,
 * from {@code initialDelay} up to {@code maxDelay}.
 */
public record DeferralPolicy(Duration initialDelay, Duration maxDelay) {

    public DeferralPolicy {
        if (initialDelay.isNegative() || initialDelay.isZero() || maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("ledgersync.sync.deferral: initial-delay must be positive and at most max-delay, was "
                    + initialDelay + " and " + maxDelay);
        }
    }

    /** The next attempt after the {@code attempts}-th consecutive deferral (1 for the first). */
    public Instant nextAttempt(Instant now, int attempts) {
        int doublings = Math.min(Math.max(attempts - 1, 0), 30);
        Duration delay = initialDelay.multipliedBy(1L << doublings);
        return now.plus(delay.compareTo(maxDelay) > 0 ? maxDelay : delay);
    }
}
