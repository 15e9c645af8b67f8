package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;

class DataApiResilienceFactoryTests {

    @Test
    void theRateLimiterSpacesRequestsEvenlyInsteadOfReleasingASecondsWorthAtOnce() {
        // given a client limit of 20 requests per second
        RateLimiterConfig config = DataApiResilienceFactory.rateLimiterConfig(new DataApiProperties.RateLimit(20, Duration.ofSeconds(60)));
        RateLimiter limiter = RateLimiter.of("test", config);

        // when five requests ask at once
        long[] waits = new long[5];
        for (int i = 0; i < waits.length; i++) {
            waits[i] = limiter.reservePermission();
        }

        // then one goes now and each next one a 50 ms slot after the previous: never two in one slot. A slot's
        // wait is counted from when it was asked for, so the gap is 50 ms less the (tiny) time between two asks.
        assertThat(config.getLimitForPeriod()).isEqualTo(1);
        assertThat(config.getLimitRefreshPeriod()).isEqualTo(Duration.ofMillis(50));
        assertThat(waits[0]).as("the first goes at once").isZero();
        for (int i = 1; i < waits.length; i++) {
            assertThat(waits[i] - waits[i - 1]).as("gap before request %d", i + 1)
                    .isPositive().isLessThanOrEqualTo(Duration.ofMillis(50).toNanos());
        }
    }
}
