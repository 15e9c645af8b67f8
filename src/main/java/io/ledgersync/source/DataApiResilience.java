package io.ledgersync.source;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.retry.Retry;

/**
 * Sends one request through the {@code dataApi} rate limiter, the whole-API judgement, its company data set's circuit
 * breaker and its company's bulkhead, and retry, sleeping only through the injected {@link Sleeper} and reading time
 * only from the injected {@link Clock}. Thread-safe: every partition shares one instance.
 *
 * <p>Order: a retry loop around each attempt; each attempt asks whether the Data API is down as a whole
 * ({@link ApiOutage}: then it fails at once), waits for the rate budget ({@link RequestBudget}), asks its company
 * data set's circuit breaker ({@link PerCompany}; the company list has {@code dataApi}), takes a slot of its company's
 * bulkhead, then sends. An open circuit is not a retry attempt: the request pauses until the breaker lets a probe
 * through (up to {@code max-pause} in total), so a company data set that fails for a while pauses its own partition
 * instead of using up its retries, and holds back no other company, nor its company's other data sets.
 *
 * <p>Which failures pause and which give up: the breaker's pause is for a Data API that <em>answers</em>
 * that it is failing (503, 500 and other 5xx) or that drops a connection it accepted. A Data API that cannot be
 * connected to at all (connection refused, unknown host, TLS failure, connect timeout: {@link ConnectFailure}) is not
 * waited for: those failures never count against a breaker, the request gets its retry budget
 * ({@code ledgersync.api.retry.*}, about half a minute with the defaults) and then fails with a
 * {@link DataApiUnreachableException} that names the base URL and the cause. When most companies fail so, or with
 * 5xx, and nothing succeeds, the Data API is down: the remaining requests fail at once, and the run ends in about the
 * time one request takes to give up.
 */
final class DataApiResilience {

    /** The fewest companies failing at once that can make the Data API down as a whole ({@link ApiOutage}). */
    static final int MIN_FAILING_COMPANIES = 2;

    private static final Logger log = LoggerFactory.getLogger(DataApiResilience.class);

    private final Retry retry;
    private final CompanyCircuits circuitBreakers;
    private final ApiOutage outage;
    private final RequestBudget budget;
    private final PerCompany<Bulkhead> bulkheads;
    private final Clock clock;
    private final Sleeper sleeper;
    private final DataApiObserver observer;
    private final Duration maxPause;

    /**
     * @param sharedBreaker the company list's circuit breaker, {@code dataApi}
     * @param companyBreakers where each company data set's breaker is made (not bound to meters)
     */
    DataApiResilience(Retry retry, CircuitBreaker sharedBreaker, CircuitBreakerRegistry companyBreakers, RequestBudget budget,
            PerCompany<Bulkhead> bulkheads, Clock clock, Sleeper sleeper, DataApiProperties properties,
            DataApiObserver observer) {
        this.retry = retry;
        this.circuitBreakers = new CompanyCircuits(sharedBreaker, companyBreakers, properties.bulkhead().maxTrackedCompanies(),
                clock, properties.circuitBreaker().waitInOpenState(), properties.retry().retryAfterFloor());
        this.outage = new ApiOutage(clock, properties.circuitBreaker().waitInOpenState().multipliedBy(2),
                properties.circuitBreaker().waitInOpenState(), MIN_FAILING_COMPANIES, properties.bulkhead().maxTrackedCompanies());
        this.budget = budget;
        this.bulkheads = bulkheads;
        this.clock = clock;
        this.sleeper = sleeper;
        this.observer = observer;
        this.maxPause = properties.circuitBreaker().maxPause();
    }

    /** The company list's circuit breaker, {@code dataApi}. */
    CircuitBreaker circuitBreaker() {
        return circuitBreakers.forPath("/companies");
    }

    /** The circuit breaker of the company data set a request path belongs to. */
    CircuitBreaker circuitBreaker(String relativePath) {
        return circuitBreakers.forPath(relativePath);
    }

    /** Whether the Data API is judged down as a whole ({@link ApiOutage}). */
    boolean down() {
        return outage.down();
    }

    /**
     * Runs {@code attempt} until it succeeds, fails in a way that is not retried, or runs out of
     * attempts (then the last failure is thrown as it is).
     *
     * @param relativePath the request path relative to the base URL, which selects the company bulkhead
     */
    <T> T execute(String request, String relativePath, Supplier<T> attempt) {
        // Summed from the pauses asked for, not read off the clock, so that a clock that stands
        // still can never make the pause endless.
        Duration paused = Duration.ZERO;
        DataApiException lastFailure = null;
        while (true) {
            Duration asked;
            try {
                return retrying(request, relativePath, attempt);
            } catch (CallNotPermittedException open) {
                asked = Duration.ZERO;
            } catch (CircuitOpened opened) {
                lastFailure = opened.failure;
                asked = opened.retryWait;
            }
            CircuitBreaker breaker = circuitBreakers.forPath(relativePath);
            if (paused.compareTo(maxPause) >= 0) {
                // The request gives up, and its partition fails. The company's next request (its next data set) is
                // the probe: it should not wait out an open period that this one's failures left behind.
                circuitBreakers.givenUp(breaker);
                throw new CircuitOpenException(request, breaker.getName(), paused, maxPause, lastFailure);
            }
            // As long as the breaker stays open, and at least what the Data API asked for (Retry-After).
            Duration pause = min(max(circuitBreakers.untilHalfOpen(breaker), asked), maxPause.minus(paused));
            log.info("{}: circuit breaker open, pausing {} ms", request, pause.toMillis());
            sleep(request, relativePath, DataApiObserver.Wait.CIRCUIT_BREAKER, pause);
            paused = paused.plus(pause);
        }
    }

    private <T> T retrying(String request, String relativePath, Supplier<T> attempt) {
        Retry.AsyncContext<Object> context = retry.asyncContext();
        Instant first = clock.instant();
        for (int number = 1; ; number++) {
            try {
                T result = once(request, relativePath, attempt);
                context.onComplete();
                return result;
            } catch (DataApiException failure) {
                // Resilience4j decides (retry-on predicate, attempts, interval); we do the sleeping.
                long waitMillis = context.onError(failure);
                boolean open = circuitBreakers.forPath(relativePath).getState() == CircuitBreaker.State.OPEN;
                if (open && failure.retriable() && !cannotConnect(failure)) {
                    // This failure opened (or reopened) the circuit: the pause takes over, bounded
                    // by max-pause, and the retries start afresh after it.
                    throw new CircuitOpened(failure, Duration.ofMillis(Math.max(waitMillis, 0)));
                }
                if (waitMillis < 0) {
                    if (cannotConnect(failure)) {
                        throw new DataApiUnreachableException((DataApiConnectionException) failure, number,
                                Duration.between(first, clock.instant()));
                    }
                    if (failure.retriable()) {
                        log.warn("{}: giving up after {} attempts: {}", request, number, failure.getMessage());
                    }
                    throw failure;
                }
                log.warn("{}: attempt {} failed ({}), retrying in {} ms", request, number, summary(failure), waitMillis);
                sleep(request, relativePath, DataApiObserver.Wait.RETRY, Duration.ofMillis(waitMillis));
            }
        }
    }

    private <T> T once(String request, String relativePath, Supplier<T> attempt) {
        outage.check(request);
        throttle(request, relativePath);
        CircuitBreaker circuitBreaker = circuitBreakers.forPath(relativePath);
        circuitBreaker.acquirePermission();
        Bulkhead bulkhead = bulkheads.forPath(relativePath);
        try {
            bulkhead.acquirePermission();
        } catch (BulkheadFullException full) {
            circuitBreaker.releasePermission();
            throw new ClientLimitException(request, "the bulkhead '" + bulkhead.getName() + "' ("
                    + bulkhead.getBulkheadConfig().getMaxConcurrentCalls() + " concurrent requests)", full);
        }
        long start = circuitBreaker.getCurrentTimestamp();
        try {
            T result = attempt.get();
            circuitBreaker.onSuccess(circuitBreaker.getCurrentTimestamp() - start, circuitBreaker.getTimestampUnit());
            outage.succeeded(relativePath);
            return result;
        } catch (RuntimeException failure) {
            circuitBreaker.onError(circuitBreaker.getCurrentTimestamp() - start, circuitBreaker.getTimestampUnit(), failure);
            if (failure instanceof DataApiException api) {
                outage.failed(relativePath, api);
            }
            throw failure;
        } finally {
            bulkhead.onComplete();
        }
    }

    /** Reserves a request of the rate budget, sleeping through the injected sleeper until it is due. */
    private void throttle(String request, String relativePath) {
        long waitNanos = budget.reserve();
        if (waitNanos < 0) {
            throw new ClientLimitException(request, budget.describe(), null);
        }
        if (waitNanos > 0) {
            sleep(request, relativePath, DataApiObserver.Wait.RATE_LIMITER, Duration.ofNanos(waitNanos));
        }
    }


    private void sleep(String request, String relativePath, DataApiObserver.Wait reason, Duration duration) {
        try {
            sleeper.sleep(duration);
            observer.waited(relativePath, reason, duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DataApiException(request, 0, request + " was interrupted while waiting to retry", e);
        }
    }

    static boolean cannotConnect(Throwable failure) {
        return failure instanceof DataApiConnectionException connection && connection.cannotConnect();
    }

    private static String summary(DataApiException failure) {
        String text = failure instanceof DataApiConnectionException connection ? connection.reason()
                : failure.status() == 0 ? String.valueOf(failure.getCause()) : "status " + failure.status();
        return failure.correlationId() == null ? text : text + ", correlationId " + failure.correlationId();
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** A retriable failure after which the circuit is open: hands the request over to the pause. */
    private static final class CircuitOpened extends RuntimeException {

        private final transient DataApiException failure;
        private final transient Duration retryWait;

        CircuitOpened(DataApiException failure, Duration retryWait) {
            super(null, null, false, false);
            this.failure = failure;
            this.retryWait = retryWait;
        }
    }
}
