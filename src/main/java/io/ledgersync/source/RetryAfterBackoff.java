package io.ledgersync.source;

import java.time.Duration;

import io.github.resilience4j.core.IntervalBiFunction;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.core.functions.Either;

/**
 * The wait before a retry: the Data API's {@code Retry-After} when it gives one, held between a
 * floor and a ceiling; otherwise capped, jittered exponential backoff, never below the floor after
 * a 429 or 503 (which without a usable {@code Retry-After} would otherwise retry almost at once).
 * Immutable, so thread-safe: the retry of every partition asks it.
 */
final class RetryAfterBackoff implements IntervalBiFunction<Object> {

    private final IntervalFunction backoff;
    private final long maxBackoffMillis;
    private final long floorMillis;
    private final long ceilingMillis;

    RetryAfterBackoff(DataApiProperties.Retry settings) {
        this.backoff = IntervalFunction.ofExponentialRandomBackoff(settings.initialBackoff(), settings.multiplier(),
                settings.jitter(), settings.maxBackoff());
        this.maxBackoffMillis = settings.maxBackoff().toMillis();
        this.floorMillis = settings.retryAfterFloor().toMillis();
        this.ceilingMillis = settings.retryAfterCeiling().toMillis();
    }

    @Override
    public Long apply(Integer attempt, Either<Throwable, Object> outcome) {
        // Resilience4j's randomized backoff may jitter above its cap: the cap here is a promise.
        long exponential = Math.min(backoff.apply(attempt), maxBackoffMillis);
        if (outcome.isLeft() && outcome.getLeft() instanceof DataApiException failure) {
            if (failure.retryAfter().isPresent()) {
                return clamp(millis(failure.retryAfter().get()));
            }
            if (failure.status() == 429 || failure.status() == 503) {
                return Math.max(exponential, floorMillis);
            }
        }
        return exponential;
    }

    private long clamp(long retryAfterMillis) {
        return Math.min(Math.max(retryAfterMillis, floorMillis), ceilingMillis);
    }

    private static long millis(Duration duration) {
        try {
            return duration.toMillis();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
