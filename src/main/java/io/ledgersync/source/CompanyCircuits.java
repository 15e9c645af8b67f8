package io.ledgersync.source;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;

/**
 * The circuit breakers of the Data API, one per company data set ({@link PerCompany}; the company list has
 * {@code dataApi}), with what a paused request needs to know of its own: how long until it lets a probe through. Logs each
 * opening and closing. Thread-safe.
 */
final class CompanyCircuits {

    private static final Logger log = LoggerFactory.getLogger(CompanyCircuits.class);

    private final PerCompany<CircuitBreaker> breakers;
    private final Clock clock;
    private final Duration waitInOpenState;
    private final Duration minimumPause;
    /** When each open breaker opened, by name; a closed one has no entry. */
    private final Map<String, Instant> openedAt = new ConcurrentHashMap<>();

    /**
     * @param shared the company list's breaker, {@code dataApi}
     * @param companies where each company data set's breaker is made (not bound to meters)
     * @param minimumPause the least a paused request waits, so that a half-open breaker whose probe is out is not spun on
     */
    CompanyCircuits(CircuitBreaker shared, CircuitBreakerRegistry companies, int maxTracked, Clock clock,
            Duration waitInOpenState, Duration minimumPause) {
        this.clock = clock;
        this.waitInOpenState = waitInOpenState;
        this.minimumPause = minimumPause;
        this.breakers = PerCompany.circuitBreakers(shared, companies, maxTracked, this::watch);
    }

    /** The breaker of the company data set a request path belongs to; the company list's for any other path. */
    CircuitBreaker forPath(String relativePath) {
        return breakers.forPath(relativePath);
    }

    /** How long until {@code breaker} lets a probe through, and at least the minimum pause. */
    Duration untilHalfOpen(CircuitBreaker breaker) {
        Instant now = clock.instant();
        Instant opened = openedAt.get(breaker.getName());
        Duration remaining = Duration.between(now, opened == null ? now : opened.plus(waitInOpenState));
        // Half-open with its probes taken also refuses: wait a little rather than spin.
        return remaining.compareTo(minimumPause) < 0 ? minimumPause : remaining;
    }

    /**
     * A request gave up on its open breaker, and its partition fails: the breaker goes half-open, so that the company
     * data set's next request (a run launched again at once, a resume) is sent at once as the probe rather than wait up
     * to {@code wait-in-open-state} for the open period the failed one left behind (bench/BENCHMARKS.md, "A broken
     * company data set"). A probe that fails opens it again.
     */
    void givenUp(CircuitBreaker breaker) {
        if (breaker.getState() == CircuitBreaker.State.OPEN) {
            breaker.transitionToHalfOpenState();
        }
    }

    private void watch(CircuitBreaker breaker) {
        breaker.getEventPublisher().onStateTransition(event -> {
            if (event.getStateTransition().getToState() == CircuitBreaker.State.OPEN) {
                openedAt.put(breaker.getName(), clock.instant());
                log.warn("The Data API keeps failing for {}: circuit breaker '{}' is open, its requests pause for {} s",
                        breaker.getName().equals(PerCompany.NAME) ? "the company list" : "a company data set", breaker.getName(),
                        waitInOpenState.toSeconds());
            } else if (event.getStateTransition().getToState() == CircuitBreaker.State.CLOSED) {
                openedAt.remove(breaker.getName());
                log.info("The Data API answers again: circuit breaker '{}' is closed", breaker.getName());
            }
        });
    }
}
