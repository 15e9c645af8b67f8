package io.ledgersync.source;

import java.net.URI;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the Data API is and how ledgersync talks to it ({@code ledgersync.api.*}).
 *
 * @param baseUrl base URL of the Data API, possibly with a path prefix; empty means "use the
 *     embedded sandbox"
 * @param apiKey the API key, sent only to {@code baseUrl}; never logged, masked by {@link #toString()}
 *     and in the actuator's configuration reports
 * @param pageSize records per page requested; above 5000 (CONTRACT.md §8) it is clamped with a warning
 * @param connectTimeout how long to wait for a TCP connection
 * @param readTimeout how long to wait for a whole response
 * @param retry how 429, 500, 503 and I/O failures are retried
 * @param rateLimit the client-side request rate
 * @param bulkhead concurrent requests per company
 * @param circuitBreaker when a failing Data API pauses the run instead of being retried
 */
@ConfigurationProperties("ledgersync.api")
public record DataApiProperties(
        URI baseUrl,
        String apiKey,
        @DefaultValue("1000") int pageSize,
        @DefaultValue("10s") Duration connectTimeout,
        @DefaultValue("60s") Duration readTimeout,
        @DefaultValue Retry retry,
        @DefaultValue RateLimit rateLimit,
        @DefaultValue Bulkhead bulkhead,
        @DefaultValue CircuitBreaker circuitBreaker) {

    /** CONTRACT.md §8: the largest page the Data API serves. */
    public static final int MAX_PAGE_SIZE = 5000;

    /** The public documentation's limit of concurrent requests per company. */
    public static final int MAX_CONCURRENT_REQUESTS_PER_COMPANY = 10;

    private static final Logger log = LoggerFactory.getLogger(DataApiProperties.class);

    public DataApiProperties {
        if (pageSize < 1) {
            throw new IllegalArgumentException("ledgersync.api.page-size (LEDGERSYNC_PAGE_SIZE) is " + pageSize
                    + ": it must be at least 1 (and at most " + MAX_PAGE_SIZE + ", the Data API's maximum page size)");
        }
        if (pageSize > MAX_PAGE_SIZE) {
            log.warn("ledgersync.api.page-size (LEDGERSYNC_PAGE_SIZE) is {}, above the Data API's maximum page size: using {}",
                    pageSize, MAX_PAGE_SIZE);
            pageSize = MAX_PAGE_SIZE;
        }
        requirePositive("connect-timeout", connectTimeout);
        requirePositive("read-timeout", readTimeout);
        retry = retry == null ? Retry.defaults() : retry;
        rateLimit = rateLimit == null ? RateLimit.defaults() : rateLimit;
        bulkhead = bulkhead == null ? Bulkhead.defaults() : bulkhead;
        circuitBreaker = circuitBreaker == null ? CircuitBreaker.defaults() : circuitBreaker;
    }

    /** The defaults of {@code config/application.yml}, for a client built outside Spring. */
    public static DataApiProperties defaults(URI baseUrl, String apiKey) {
        return new DataApiProperties(baseUrl, apiKey, 1000, Duration.ofSeconds(10), Duration.ofSeconds(60), null, null, null, null);
    }

    DataApiProperties withPageSize(int newPageSize) {
        return new DataApiProperties(baseUrl, apiKey, newPageSize, connectTimeout, readTimeout, retry, rateLimit, bulkhead,
                circuitBreaker);
    }

    DataApiProperties withTimeouts(Duration newConnectTimeout, Duration newReadTimeout) {
        return new DataApiProperties(baseUrl, apiKey, pageSize, newConnectTimeout, newReadTimeout, retry, rateLimit, bulkhead,
                circuitBreaker);
    }

    DataApiProperties with(Retry newRetry, RateLimit newRateLimit, Bulkhead newBulkhead, CircuitBreaker newCircuitBreaker) {
        return new DataApiProperties(baseUrl, apiKey, pageSize, connectTimeout, readTimeout, newRetry, newRateLimit, newBulkhead,
                newCircuitBreaker);
    }

    boolean hasBaseUrl() {
        return baseUrl != null && !baseUrl.toString().isBlank();
    }

    @Override
    public String toString() {
        return "DataApiProperties[baseUrl=" + baseUrl + ", apiKey=" + (apiKey == null || apiKey.isEmpty() ? "<unset>" : "****")
                + ", pageSize=" + pageSize + ", connectTimeout=" + connectTimeout + ", readTimeout=" + readTimeout
                + ", retry=" + retry + ", rateLimit=" + rateLimit + ", bulkhead=" + bulkhead
                + ", circuitBreaker=" + circuitBreaker + "]";
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
    public record Retry(
            @DefaultValue("6") int maxAttempts,
            @DefaultValue("1s") Duration initialBackoff,
            @DefaultValue("2.0") double multiplier,
            @DefaultValue("0.5") double jitter,
            @DefaultValue("30s") Duration maxBackoff,
            @DefaultValue("1s") Duration retryAfterFloor,
            @DefaultValue("120s") Duration retryAfterCeiling) {

        public Retry {
            if (maxAttempts < 1) {
                throw new IllegalArgumentException("ledgersync.api.retry.max-attempts must be at least 1, was " + maxAttempts);
            }
            requirePositive("retry.initial-backoff", initialBackoff);
            requirePositive("retry.max-backoff", maxBackoff);
            requirePositive("retry.retry-after-floor", retryAfterFloor);
            if (multiplier < 1.0) {
                throw new IllegalArgumentException("ledgersync.api.retry.multiplier must be at least 1.0, was " + multiplier);
            }
            if (jitter < 0.0 || jitter >= 1.0) {
                throw new IllegalArgumentException("ledgersync.api.retry.jitter must be in [0, 1), was " + jitter);
            }
            if (retryAfterCeiling == null || retryAfterCeiling.compareTo(retryAfterFloor) < 0) {
                throw new IllegalArgumentException("ledgersync.api.retry.retry-after-ceiling (" + retryAfterCeiling
                        + ") must not be below retry-after-floor (" + retryAfterFloor + ")");
            }
        }

        static Retry defaults() {
            return new Retry(6, Duration.ofSeconds(1), 2.0, 0.5, Duration.ofSeconds(30), Duration.ofSeconds(1),
                    Duration.ofSeconds(120));
        }
    }

    /**
     * The client-side rate limiter ({@code ledgersync.api.rate-limit.*}).
     *
     * @param requestsPerSecond requests the whole client may send per second
     * @param maxWait the longest a request waits for its turn before failing
     */
    public record RateLimit(@DefaultValue("20") int requestsPerSecond, @DefaultValue("60s") Duration maxWait) {

        public RateLimit {
            if (requestsPerSecond < 1) {
                throw new IllegalArgumentException("ledgersync.api.rate-limit.requests-per-second must be at least 1, was "
                        + requestsPerSecond);
            }
            requireNotNegative("rate-limit.max-wait", maxWait);
        }

        static RateLimit defaults() {
            return new RateLimit(20, Duration.ofSeconds(60));
        }
    }

    /**
     * Concurrent requests per company ({@code ledgersync.api.bulkhead.*}).
     *
     * @param maxConcurrentRequestsPerCompany at most 10, the public documentation's limit; above is clamped
     * @param maxWait the longest a request waits for a free slot before failing
     * @param maxTrackedCompanies how many companies' bulkheads are kept (least recently used go first)
     */
    public record Bulkhead(
            @DefaultValue("10") int maxConcurrentRequestsPerCompany,
            @DefaultValue("60s") Duration maxWait,
            @DefaultValue("256") int maxTrackedCompanies) {

        public Bulkhead {
            if (maxConcurrentRequestsPerCompany < 1) {
                throw new IllegalArgumentException("ledgersync.api.bulkhead.max-concurrent-requests-per-company must be at least 1, was "
                        + maxConcurrentRequestsPerCompany);
            }
            if (maxConcurrentRequestsPerCompany > MAX_CONCURRENT_REQUESTS_PER_COMPANY) {
                log.warn("ledgersync.api.bulkhead.max-concurrent-requests-per-company is {}, above the Data API's limit: using {}",
                        maxConcurrentRequestsPerCompany, MAX_CONCURRENT_REQUESTS_PER_COMPANY);
                maxConcurrentRequestsPerCompany = MAX_CONCURRENT_REQUESTS_PER_COMPANY;
            }
            requireNotNegative("bulkhead.max-wait", maxWait);
            if (maxTrackedCompanies < 1) {
                throw new IllegalArgumentException("ledgersync.api.bulkhead.max-tracked-companies must be at least 1, was "
                        + maxTrackedCompanies);
            }
        }

        static Bulkhead defaults() {
            return new Bulkhead(MAX_CONCURRENT_REQUESTS_PER_COMPANY, Duration.ofSeconds(60), 256);
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
    public record CircuitBreaker(
            @DefaultValue("50") float failureRateThreshold,
            @DefaultValue("10") int slidingWindowSize,
            @DefaultValue("5") int minimumNumberOfCalls,
            @DefaultValue("30s") Duration waitInOpenState,
            @DefaultValue("1") int permittedCallsInHalfOpenState,
            @DefaultValue("15m") Duration maxPause) {

        public CircuitBreaker {
            if (failureRateThreshold <= 0 || failureRateThreshold > 100) {
                throw new IllegalArgumentException("ledgersync.api.circuit-breaker.failure-rate-threshold must be in (0, 100], was "
                        + failureRateThreshold);
            }
            if (slidingWindowSize < 1 || minimumNumberOfCalls < 1 || permittedCallsInHalfOpenState < 1) {
                throw new IllegalArgumentException("ledgersync.api.circuit-breaker: sliding-window-size, minimum-number-of-calls and "
                        + "permitted-calls-in-half-open-state must be at least 1");
            }
            requirePositive("circuit-breaker.wait-in-open-state", waitInOpenState);
            requireNotNegative("circuit-breaker.max-pause", maxPause);
        }

        static CircuitBreaker defaults() {
            return new CircuitBreaker(50, 10, 5, Duration.ofSeconds(30), 1, Duration.ofMinutes(15));
        }
    }

    private static void requirePositive(String key, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("ledgersync.api." + key + " must be a positive duration, was " + value);
        }
    }

    private static void requireNotNegative(String key, Duration value) {
        if (value == null || value.isNegative()) {
            throw new IllegalArgumentException("ledgersync.api." + key + " must not be negative, was " + value);
        }
    }
}
