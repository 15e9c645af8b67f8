package io.ledgersync.source;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.retry.Retry;

/**
 * Sends one request through the {@code dataApi} rate limiter, circuit breaker, per-company
 * bulkhead and retry, sleeping only through the injected {@link Sleeper} and reading time only
 * from the injected {@link Clock}. Thread-safe: every partition shares one instance.
 *
 * <p>Order: a retry loop around each attempt; each attempt waits for the rate budget ({@link RequestBudget}), asks the
 * circuit breaker, takes a bulkhead slot, then sends. An open circuit is not a retry attempt: the
 * request pauses until the breaker lets a probe through (up to {@code max-pause} in total), so a
 * maintenance window pauses the run instead of using up the retries of every partition.
 *
 * <p>Which failures pause and which give up: the breaker's pause is for a Data API that <em>answers</em>
 * that it is failing (503, 500 and other 5xx) or that drops a connection it accepted, as it does in a
 * maintenance window or an overload that passes by itself. A Data API that cannot be connected to at all
 * (connection refused, unknown host, TLS failure, connect timeout: {@link ConnectFailure}) is not waited
 * for: those failures never count against the breaker, the request gets its retry budget
 * ({@code ledgersync.api.retry.*}, about half a minute with the defaults) and then fails with a
 * {@link DataApiUnreachableException} that names the base URL and the cause. Waiting 15 minutes for an
 * address that is wrong, or a service that is not running, only hides the problem.
 */
final class DataApiResilience {

    private static final Logger log = LoggerFactory.getLogger(DataApiResilience.class);

    private final Retry retry;
    private final CircuitBreaker circuitBreaker;
    private final RequestBudget budget;
    private final CompanyBulkheads bulkheads;
    private final Clock clock;
    private final Sleeper sleeper;
    private final DataApiObserver observer;
    private final Duration waitInOpenState;
    private final Duration maxPause;
    private final Duration minimumPause;
    private final AtomicReference<Instant> openedAt = new AtomicReference<>(Instant.MIN);

    DataApiResilience(Retry retry, CircuitBreaker circuitBreaker, RequestBudget budget, CompanyBulkheads bulkheads,
            Clock clock, Sleeper sleeper, DataApiProperties properties, DataApiObserver observer) {
        this.retry = retry;
        this.circuitBreaker = circuitBreaker;
        this.budget = budget;
        this.bulkheads = bulkheads;
        this.clock = clock;
        this.sleeper = sleeper;
        this.observer = observer;
        this.waitInOpenState = properties.circuitBreaker().waitInOpenState();
        this.maxPause = properties.circuitBreaker().maxPause();
        this.minimumPause = properties.retry().retryAfterFloor();
        circuitBreaker.getEventPublisher().onStateTransition(event -> {
            if (event.getStateTransition().getToState() == CircuitBreaker.State.OPEN) {
                openedAt.set(clock.instant());
                log.warn("The Data API keeps failing: circuit breaker '{}' is open, requests pause for {} s",
                        circuitBreaker.getName(), waitInOpenState.toSeconds());
            } else if (event.getStateTransition().getToState() == CircuitBreaker.State.CLOSED) {
                log.info("The Data API answers again: circuit breaker '{}' is closed", circuitBreaker.getName());
            }
        });
    }

    CircuitBreaker circuitBreaker() {
        return circuitBreaker;
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
            if (paused.compareTo(maxPause) >= 0) {
                throw new CircuitOpenException(request, paused, maxPause, lastFailure);
            }
            // As long as the breaker stays open, and at least what the Data API asked for (Retry-After).
            Duration pause = min(max(untilHalfOpen(clock.instant()), asked), maxPause.minus(paused));
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
                boolean open = circuitBreaker.getState() == CircuitBreaker.State.OPEN;
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
        throttle(request, relativePath);
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
            return result;
        } catch (RuntimeException failure) {
            circuitBreaker.onError(circuitBreaker.getCurrentTimestamp() - start, circuitBreaker.getTimestampUnit(), failure);
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

    private Duration untilHalfOpen(Instant now) {
        Duration remaining = Duration.between(now, openedAt.get().equals(Instant.MIN) ? now : openedAt.get().plus(waitInOpenState));
        // Half-open with its probes taken also refuses: wait a little rather than spin.
        return remaining.compareTo(minimumPause) < 0 ? minimumPause : remaining;
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
