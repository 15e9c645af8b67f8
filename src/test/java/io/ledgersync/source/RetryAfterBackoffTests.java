package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import io.github.resilience4j.core.functions.Either;

/** The retry interval: Retry-After within a floor and a ceiling, else capped, jittered exponential backoff. */
class RetryAfterBackoffTests {

    private final RetryAfterBackoff backoff = new RetryAfterBackoff(new DataApiProperties.Retry(10, Duration.ofMillis(500),
            2.0, 0.5, Duration.ofSeconds(8), Duration.ofSeconds(1), Duration.ofSeconds(60)));

    @Test
    void retryAfterIsHonouredAsGiven() {
        assertThat(wait(1, tooManyRequests(Duration.ofSeconds(7)))).isEqualTo(7_000);
    }

    @Test
    void retryAfterZeroWaitsTheFloorRatherThanHotLooping() {
        assertThat(wait(1, tooManyRequests(Duration.ZERO))).isEqualTo(1_000);
    }

    @Test
    void aHugeRetryAfterWaitsTheCeiling() {
        assertThat(wait(1, tooManyRequests(Duration.ofDays(1)))).isEqualTo(60_000);
        assertThat(wait(1, tooManyRequests(Duration.ofSeconds(Long.MAX_VALUE)))).isEqualTo(60_000);
    }

    @RepeatedTest(20)
    void withoutRetryAfterA429WaitsAtLeastTheFloor() {
        assertThat(wait(1, tooManyRequests(null))).as("500 ms ±50% is below the floor: the floor").isEqualTo(1_000L);
        assertThat(wait(3, unavailable())).as("2 s ±50%, never below the floor").isBetween(1_000L, 3_000L);
    }

    @RepeatedTest(20)
    void ioFailuresBackOffExponentiallyWithJitterAndACap() {
        DataApiException dropped = new DataApiConnectionException("GET /companies", new IOException("reset"));

        assertThat(wait(1, dropped)).as("500 ms ±50%").isBetween(250L, 750L);
        assertThat(wait(2, dropped)).as("1 s ±50%").isBetween(500L, 1_500L);
        assertThat(wait(3, dropped)).as("2 s ±50%").isBetween(1_000L, 3_000L);
        assertThat(wait(30, dropped)).as("capped at 8 s, jitter included").isBetween(4_000L, 8_000L);
    }

    private long wait(int attempt, Throwable failure) {
        return backoff.apply(attempt, Either.left(failure));
    }

    private static DataApiException tooManyRequests(Duration retryAfter) {
        return DataApiException.of("GET /companies", 429, error(429), retryAfter);
    }

    private static DataApiException unavailable() {
        return DataApiException.of("GET /companies", 503, error(503), null);
    }

    private static ApiError error(int status) {
        return new ApiError(status, "PublicApi", "Error: status " + status, "c0ffee00-0000-4000-8000-000000000000", List.of());
    }
}
