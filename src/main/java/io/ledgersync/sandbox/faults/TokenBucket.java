package io.ledgersync.sandbox.faults;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * A token bucket on the injected clock: {@code burst} tokens, refilled at {@code perSecond}; one token per request.
 * Synchronized: many request threads draw from one bucket.
 */
final class TokenBucket {

    /** The outcome of one draw: whether it was allowed, what remains, and when a token (and the bucket) returns. */
    record Draw(boolean allowed, long remaining, Duration untilToken, Instant fullAt) {
    }

    private final double perSecond;
    private final int burst;
    private double tokens;
    private Instant last;

    TokenBucket(double perSecond, int burst, Instant now) {
        this.perSecond = perSecond;
        this.burst = burst;
        this.tokens = burst;
        this.last = now;
    }

    synchronized Draw draw(Clock clock) {
        Instant now = clock.instant();
        if (now.isAfter(last)) {
            double elapsed = Duration.between(last, now).toNanos() / 1e9;
            tokens = Math.min(burst, tokens + elapsed * perSecond);
            last = now;
        }
        boolean allowed = tokens >= 1;
        if (allowed) {
            tokens -= 1;
        }
        Duration untilToken = allowed ? Duration.ZERO : nanos((1 - tokens) / perSecond);
        Instant fullAt = now.plus(nanos((burst - tokens) / perSecond));
        return new Draw(allowed, (long) Math.floor(tokens), untilToken, fullAt);
    }

    private static Duration nanos(double seconds) {
        return Duration.ofNanos((long) Math.ceil(seconds * 1e9));
    }
}
