package io.ledgersync.source;

import java.time.Clock;
import java.time.Duration;

import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.micrometer.tagged.TaggedBulkheadMetrics;
import io.github.resilience4j.micrometer.tagged.TaggedCircuitBreakerMetrics;
import io.github.resilience4j.micrometer.tagged.TaggedRateLimiterMetrics;
import io.github.resilience4j.micrometer.tagged.TaggedRetryMetrics;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.RateLimiterRegistry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.retry.RetryRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Builds the {@code dataApi} retry, circuit breaker, rate limiter and bulkheads from
 * {@code ledgersync.api.*}, with their decisions as data (which failures retry, which count
 * against the breaker), and binds them to Micrometer.
 * Stateless.
 */
final class DataApiResilienceFactory {

    static final String NAME = "dataApi";

    private DataApiResilienceFactory() {
    }

    /** @param meters where the Resilience4j meters go; null for none */
    static DataApiResilience create(DataApiProperties properties, Clock clock, Sleeper sleeper, MeterRegistry meters) {
        return create(properties, clock, sleeper, meters, DataApiObserver.NONE);
    }

    /** @param observer told of every wait, for the meters that Resilience4j does not have (time spent waiting) */
    static DataApiResilience create(DataApiProperties properties, Clock clock, Sleeper sleeper, MeterRegistry meters,
            DataApiObserver observer) {
        return create(properties, clock, sleeper, meters, observer, null);
    }

    /** @param shared the deployment's budget, used instead of this process's own rate limiter; null for none */
    static DataApiResilience create(DataApiProperties properties, Clock clock, Sleeper sleeper, MeterRegistry meters,
            DataApiObserver observer, RequestBudget shared) {
        RetryRegistry retries = RetryRegistry.of(retryConfig(properties.retry()));
        CircuitBreakerRegistry breakers = CircuitBreakerRegistry.of(circuitBreakerConfig(properties.circuitBreaker(), clock));
        RateLimiterRegistry limiters = RateLimiterRegistry.of(rateLimiterConfig(properties.rateLimit()));
        BulkheadRegistry bulkheads = BulkheadRegistry.of(bulkheadConfig(properties.bulkhead()));
        if (meters != null) {
            TaggedRetryMetrics.ofRetryRegistry(retries).bindTo(meters);
            TaggedCircuitBreakerMetrics.ofCircuitBreakerRegistry(breakers).bindTo(meters);
            TaggedRateLimiterMetrics.ofRateLimiterRegistry(limiters).bindTo(meters);
            TaggedBulkheadMetrics.ofBulkheadRegistry(bulkheads).bindTo(meters);
        }
        RequestBudget budget = shared != null ? shared : RequestBudget.of(limiters.rateLimiter(NAME));
        DataApiResilience resilience = new DataApiResilience(retries.retry(NAME), breakers.circuitBreaker(NAME),
                CircuitBreakerRegistry.of(breakers.getDefaultConfig()), budget,
                PerCompany.bulkheads(bulkheads, properties.bulkhead().maxTrackedCompanies()), clock, sleeper, properties,
                observer);
        if (meters != null) {
            // the one whole-API judgement (ApiOutage); the companies' own breakers have no series (cardinality rule)
            Gauge.builder("ledgersync.api.down", resilience, r -> r.down() ? 1 : 0)
                    .description("1 while the Data API is judged down as a whole: most companies failing, nothing succeeding")
                    .register(meters);
        }
        return resilience;
    }

    static RetryConfig retryConfig(DataApiProperties.Retry settings) {
        return RetryConfig.custom()
                .maxAttempts(settings.maxAttempts())
                // 429, 500, 503, 202 and I/O; never 400/401/402/403 (permanent) nor 409 (the job defers it)
                .retryOnException(failure -> failure instanceof DataApiException api && api.retriable())
                .intervalBiFunction(new RetryAfterBackoff(settings))
                .build();
    }

    static CircuitBreakerConfig circuitBreakerConfig(DataApiProperties.CircuitBreaker settings, Clock clock) {
        return CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(settings.slidingWindowSize())
                .minimumNumberOfCalls(settings.minimumNumberOfCalls())
                .failureRateThreshold(settings.failureRateThreshold())
                .waitDurationInOpenState(settings.waitInOpenState())
                .permittedNumberOfCallsInHalfOpenState(settings.permittedCallsInHalfOpenState())
                // Only "the Data API is down" opens the circuit: a 429 means it is up and busy, a
                // 4xx is about this request, not about the service. A Data API that cannot be
                // connected to at all is neither a failure nor a success here: its requests give up
                // after the retry budget instead of pausing (DataApiResilience says why).
                .recordException(DataApiResilienceFactory::meansServiceDown)
                .ignoreException(DataApiResilience::cannotConnect)
                .clock(clock)
                .build();
    }

    static boolean meansServiceDown(Throwable failure) {
        return failure instanceof ServiceUnavailableException || failure instanceof ServerErrorException
                || failure instanceof DataApiConnectionException connection && !connection.cannotConnect();
    }

    /**
     * One permit every 1/R seconds rather than R permits each second: a window of R lets R requests go at the end of
     * one second and R more at the start of the next, which a token-bucket limit of R per second (the Data API's kind)
     * answers with 429s; evenly spaced requests never meet an empty bucket (bench/BENCHMARKS.md, "Rate limit").
     */
    static RateLimiterConfig rateLimiterConfig(DataApiProperties.RateLimit settings) {
        return RateLimiterConfig.custom()
                .limitForPeriod(1)
                .limitRefreshPeriod(Duration.ofNanos(1_000_000_000L / settings.requestsPerSecond()))
                .timeoutDuration(settings.maxWait())
                .build();
    }

    static BulkheadConfig bulkheadConfig(DataApiProperties.Bulkhead settings) {
        return BulkheadConfig.custom()
                .maxConcurrentCalls(settings.maxConcurrentRequestsPerCompany())
                .maxWaitDuration(settings.maxWait())
                .build();
    }
}
