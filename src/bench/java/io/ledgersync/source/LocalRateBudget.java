package io.ledgersync.source;

import io.github.resilience4j.ratelimiter.RateLimiter;

/** For benchmarks outside this package: the rate budget of one process, configured as the client configures it. */
public final class LocalRateBudget {

    private LocalRateBudget() {
    }

    public static RequestBudget of(DataApiProperties.RateLimit rate) {
        return RequestBudget.of(RateLimiter.of("bench", DataApiResilienceFactory.rateLimiterConfig(rate)));
    }
}
