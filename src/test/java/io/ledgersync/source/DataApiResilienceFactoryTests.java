package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;

class DataApiResilienceFactoryTests {

    @Test
    void theRateLimiterSpacesRequestsEvenlyInsteadOfReleasingASecondsWorthAtOnce() {
        // given a client limit of 20 requests per second, on the limiter that RateLimiterRegistry builds, whose time
        // stands still: the waits then depend on the configuration alone, not on how fast this machine asks
        RateLimiterConfig config = DataApiResilienceFactory.rateLimiterConfig(new DataApiProperties.RateLimit(20, Duration.ofSeconds(60)));
        long now = System.nanoTime();
        RateLimiter limiter = new AtomicRateLimiter("test", config, () -> now);

        // when five requests ask at once
        long[] waits = new long[5];
        for (int i = 0; i < waits.length; i++) {
            waits[i] = limiter.reservePermission();
        }

        // then one goes now and each next one a 50 ms slot after the previous: never two in one slot
        assertThat(config.getLimitForPeriod()).isEqualTo(1);
        assertThat(config.getLimitRefreshPeriod()).isEqualTo(Duration.ofMillis(50));
        assertThat(waits[0]).as("the first goes at once").isZero();
        for (int i = 1; i < waits.length; i++) {
            assertThat(Duration.ofNanos(waits[i] - waits[i - 1])).as("gap before request %d", i + 1).isEqualTo(Duration.ofMillis(50));
        }
    }
}
