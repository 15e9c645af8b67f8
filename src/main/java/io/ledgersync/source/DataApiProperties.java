package io.ledgersync.source;

import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How ledgersync talks to the Data API ({@code ledgersync.api.*}): page size, timeouts, retry, rate limit, bulkhead
 * and circuit breaker. Where the Data API is and the key that opens it are not here: {@link DataApiEndpoint} alone
 * holds them.
 *
 * <p>Every default is in {@code config/application.yml}, which the jar carries as {@code classpath:config/application.yml}
 * and which is their one home. This record and its parts give none: they validate what they are given and refuse a
 * missing or invalid value with a message that names its key. Immutable, so thread-safe.
 *
 * @param pageSize records per page requested; above 5000 (CONTRACT.md §8) it is clamped with a warning
 * @param connectTimeout how long to wait for a TCP connection
 * @param readTimeout how long to wait for a whole response
 * @param retry how 429, 500, 503 and I/O failures are retried
 * @param rateLimit the client-side request rate
 * @param bulkhead concurrent requests per company
 * @param circuitBreaker when a failing Data API pauses the run instead of being retried
 */
@ConfigurationProperties(DataApiProperties.PREFIX)
public record DataApiProperties(Integer pageSize, Duration connectTimeout, Duration readTimeout, Retry retry,
        RateLimit rateLimit, Bulkhead bulkhead, CircuitBreaker circuitBreaker) {

    static final String PREFIX = "ledgersync.api";

    /** CONTRACT.md §8: the largest page the Data API serves. */
    public static final int MAX_PAGE_SIZE = 5000;

    /** The public documentation's limit of concurrent requests per company. */
    public static final int MAX_CONCURRENT_REQUESTS_PER_COMPANY = 10;

    private static final Logger log = LoggerFactory.getLogger(DataApiProperties.class);

    public DataApiProperties {
        pageSize = clamped("page-size (LEDGERSYNC_PAGE_SIZE)", pageSize, MAX_PAGE_SIZE, "the Data API's maximum page size");
        connectTimeout = positive("connect-timeout", connectTimeout);
        readTimeout = positive("read-timeout", readTimeout);
        present("retry", retry);
        present("rate-limit", rateLimit);
        present("bulkhead", bulkhead);
        present("circuit-breaker", circuitBreaker);
    }

    DataApiProperties withPageSize(int newPageSize) {
        return new DataApiProperties(newPageSize, connectTimeout, readTimeout, retry, rateLimit, bulkhead, circuitBreaker);
    }

    DataApiProperties withTimeouts(Duration newConnectTimeout, Duration newReadTimeout) {
        return new DataApiProperties(pageSize, newConnectTimeout, newReadTimeout, retry, rateLimit, bulkhead, circuitBreaker);
    }

    DataApiProperties withRetry(Retry newRetry) {
        return new DataApiProperties(pageSize, connectTimeout, readTimeout, newRetry, rateLimit, bulkhead, circuitBreaker);
    }

    DataApiProperties withRateLimit(RateLimit newRateLimit) {
        return new DataApiProperties(pageSize, connectTimeout, readTimeout, retry, newRateLimit, bulkhead, circuitBreaker);
    }

    DataApiProperties withBulkhead(Bulkhead newBulkhead) {
        return new DataApiProperties(pageSize, connectTimeout, readTimeout, retry, rateLimit, newBulkhead, circuitBreaker);
    }

    DataApiProperties withCircuitBreaker(CircuitBreaker newCircuitBreaker) {
        return new DataApiProperties(pageSize, connectTimeout, readTimeout, retry, rateLimit, bulkhead, newCircuitBreaker);
    }

    /**
     * Retry of 429, 500, 503 and I/O failures ({@code ledgersync.api.retry.*}).
     *
     * @param maxAttempts attempts per request, the first included
     * @param initialBackoff the first backoff when the Data API gives no {@code Retry-After}
     * @param multiplier growth of the backoff per attempt
     * @param jitter randomization factor of the backoff (0.5 = ±50%)
     * @param maxBackoff the cap of the exponential backoff
     * @param retryAfterFloor the least wait after a 429/503, so that {@code Retry-After: 0} or none never hot-loops
     * @param retryAfterCeiling the most a {@code Retry-After} can make us wait per attempt
     */
    public record Retry(Integer maxAttempts, Duration initialBackoff, Double multiplier, Double jitter, Duration maxBackoff,
            Duration retryAfterFloor, Duration retryAfterCeiling) {

        public Retry {
            atLeast("retry.max-attempts", maxAttempts, 1);
            positive("retry.initial-backoff", initialBackoff);
            within("retry.multiplier", multiplier, 1.0, Double.MAX_VALUE, "at least 1.0");
            within("retry.jitter", jitter, 0.0, Math.nextDown(1.0), "in [0, 1)");
            positive("retry.max-backoff", maxBackoff);
            positive("retry.retry-after-floor", retryAfterFloor);
            if (present("retry.retry-after-ceiling", retryAfterCeiling).compareTo(retryAfterFloor) < 0) {
                throw new IllegalArgumentException(PREFIX + ".retry.retry-after-ceiling (" + retryAfterCeiling
                        + ") must not be below retry-after-floor (" + retryAfterFloor + ")");
            }
        }
    }

    /**
     * The client-side rate limiter ({@code ledgersync.api.rate-limit.*}).
     *
     * @param requestsPerSecond requests the whole client may send per second
     * @param maxWait the longest a request waits for its turn before failing
     */
    public record RateLimit(Integer requestsPerSecond, Duration maxWait) {

        public RateLimit {
            atLeast("rate-limit.requests-per-second", requestsPerSecond, 1);
            notNegative("rate-limit.max-wait", maxWait);
        }
    }

    /**
     * Concurrent requests per company ({@code ledgersync.api.bulkhead.*}).
     *
     * @param maxConcurrentRequestsPerCompany at most 10, the public documentation's limit; above is clamped
     * @param maxWait the longest a request waits for a free slot before failing
     * @param maxTrackedCompanies how many companies' bulkheads are kept (least recently used go first)
     */
    public record Bulkhead(Integer maxConcurrentRequestsPerCompany, Duration maxWait, Integer maxTrackedCompanies) {

        public Bulkhead {
            maxConcurrentRequestsPerCompany = clamped("bulkhead.max-concurrent-requests-per-company",
                    maxConcurrentRequestsPerCompany, MAX_CONCURRENT_REQUESTS_PER_COMPANY, "the Data API's limit");
            notNegative("bulkhead.max-wait", maxWait);
            atLeast("bulkhead.max-tracked-companies", maxTrackedCompanies, 1);
        }
    }

    /**
     * The circuit breaker that pauses the run while the Data API fails ({@code ledgersync.api.circuit-breaker.*}).
     *
     * @param failureRateThreshold percentage of failed calls (500, 503, I/O) that opens the circuit
     * @param slidingWindowSize the number of recent calls the rate is computed over
     * @param minimumNumberOfCalls calls needed before the rate counts
     * @param waitInOpenState how long the circuit stays open before one probe is let through
     * @param permittedCallsInHalfOpenState probes let through to decide whether to close again
     * @param maxPause the longest a request waits in total for an open circuit before failing its partition
     */
    public record CircuitBreaker(Float failureRateThreshold, Integer slidingWindowSize, Integer minimumNumberOfCalls,
            Duration waitInOpenState, Integer permittedCallsInHalfOpenState, Duration maxPause) {

        public CircuitBreaker {
            within("circuit-breaker.failure-rate-threshold", failureRateThreshold, Double.MIN_VALUE, 100.0, "in (0, 100]");
            atLeast("circuit-breaker.sliding-window-size", slidingWindowSize, 1);
            atLeast("circuit-breaker.minimum-number-of-calls", minimumNumberOfCalls, 1);
            positive("circuit-breaker.wait-in-open-state", waitInOpenState);
            atLeast("circuit-breaker.permitted-calls-in-half-open-state", permittedCallsInHalfOpenState, 1);
            notNegative("circuit-breaker.max-pause", maxPause);
        }
    }

    /** Refuses a value that is missing: every key has its default in the packaged config/application.yml. */
    private static <T> T present(String key, T value) {
        if (value == null) {
            throw new IllegalArgumentException(PREFIX + "." + key + " is missing: config/application.yml, which the jar "
                    + "carries, gives every " + PREFIX + " setting a value; a file or variable of yours may change it, not remove it");
        }
        return value;
    }

    private static int atLeast(String key, Integer value, int least) {
        if (present(key, value) < least) {
            throw new IllegalArgumentException(PREFIX + "." + key + " is " + value + ": it must be at least " + least);
        }
        return value;
    }

    /** At least 1; above {@code most} it is used as {@code most}, with a warning. */
    private static int clamped(String key, Integer value, int most, String why) {
        if (atLeast(key, value, 1) > most) {
            log.warn("{}.{} is {}, above {}: using {}", PREFIX, key, value, why, most);
            return most;
        }
        return value;
    }

    private static void within(String key, Number value, double least, double most, String range) {
        double number = present(key, value).doubleValue();
        if (number < least || number > most || Double.isNaN(number)) {
            throw new IllegalArgumentException(PREFIX + "." + key + " must be " + range + ", was " + value);
        }
    }

    private static Duration positive(String key, Duration value) {
        if (present(key, value).isNegative() || value.isZero()) {
            throw new IllegalArgumentException(PREFIX + "." + key + " must be a positive duration, was " + value);
        }
        return value;
    }

    private static void notNegative(String key, Duration value) {
        if (present(key, value).isNegative()) {
            throw new IllegalArgumentException(PREFIX + "." + key + " must not be negative, was " + value);
        }
    }
}
