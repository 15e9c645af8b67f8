package io.ledgersync.sandbox.faults;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.ledgersync.sandbox.records.SeededRandom;

/**
 * The request faults scripted on one sandbox, in the order they were scripted, and their combined verdict on each
 * request. Thread-safe: scripts and requests may come from any thread, and a script takes effect for the next
 * request.
 */
public final class RequestFaults {

    private final List<Fault> faults = new CopyOnWriteArrayList<>();
    private final AtomicInteger scripted = new AtomicInteger();
    private final AtomicLong injected = new AtomicLong();
    private final Clock clock;
    private final long seed;
    private final long dailyLimit;

    /**
     * @param seed       draws the probabilistic faults, so one request sequence always meets the same faults
     * @param dailyLimit the daily quota that a scripted 429 reports in {@code X-Rate-Limit-Limit}
     */
    public RequestFaults(Clock clock, long seed, long dailyLimit) {
        this.clock = clock;
        this.seed = seed;
        this.dailyLimit = dailyLimit;
    }

    /** Every request, to be narrowed or given faults. */
    public FaultTarget all() {
        return new FaultTarget(this, RequestTarget.ALL);
    }

    public void clear() {
        faults.clear();
    }

    /** Responses that a fault refused or cut short since start; latency alone does not count. */
    public long injected() {
        return injected.get();
    }

    /** The faults in force, one per line. */
    public List<String> describe() {
        return faults.stream().map(Fault::toString).toList();
    }

    /** Latencies add up; the first refusal or dropped connection answers the request. */
    public FaultEffect verdict(RequestSummary request) {
        Instant now = clock.instant();
        Duration delay = Duration.ZERO;
        Map<String, String> rateHeaders = null;
        for (Fault fault : faults) {
            if (!fault.target().matches(request)) {
                continue;
            }
            FaultEffect effect = fault.apply(request, now);
            delay = delay.plus(effect.delay());
            if (effect.rateHeaders() != null) {
                rateHeaders = effect.rateHeaders();
            }
            if (effect.takesOver()) {
                injected.incrementAndGet();
                return new FaultEffect(delay, effect.refusal(), effect.dropAfterBytes(), rateHeaders);
            }
        }
        return new FaultEffect(delay, null, -1, rateHeaders);
    }

    void add(Fault fault) {
        faults.add(fault);
    }

    /** Each probabilistic fault draws from a stream of its own, so adding one does not change another's draws. */
    SeededRandom nextStream() {
        return new SeededRandom(seed, SeededRandom.FAULT, scripted.incrementAndGet());
    }

    Clock clock() {
        return clock;
    }

    long dailyLimit() {
        return dailyLimit;
    }
}
