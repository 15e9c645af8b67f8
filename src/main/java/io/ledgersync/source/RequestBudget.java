package io.ledgersync.source;

import io.github.resilience4j.ratelimiter.RateLimiter;

/**
 * The rate budget of requests to the Data API ({@code ledgersync.api.rate-limit.*}): this process's
 * own limiter by default; one the application supplies when several processes share one API key
 * (cluster mode keeps it in the database). Each attempt reserves one request before it is sent.
 * Implementations are thread-safe.
 */
public interface RequestBudget {

    /**
     * Reserves one request.
     *
     * @return the nanoseconds to wait before sending it (0: at once), or a negative number when the
     *         wait would be longer than {@code ledgersync.api.rate-limit.max-wait}: nothing is reserved then
     */
    long reserve();

    /** For a message that says which budget refused a request, e.g. "the rate limiter 'dataApi' (20 requests per second)". */
    String describe();

    /** A budget of this process alone, one request every 1/R seconds ({@link DataApiResilienceFactory#rateLimiterConfig}). */
    static RequestBudget of(RateLimiter limiter) {
        var config = limiter.getRateLimiterConfig();
        long perSecond = Math.round(config.getLimitForPeriod() * 1e9 / config.getLimitRefreshPeriod().toNanos());
        String description = "the rate limiter '" + limiter.getName() + "' (" + perSecond + " requests per second)";
        return new RequestBudget() {
            @Override
            public long reserve() {
                return limiter.reservePermission();
            }

            @Override
            public String describe() {
                return description;
            }
        };
    }
}
