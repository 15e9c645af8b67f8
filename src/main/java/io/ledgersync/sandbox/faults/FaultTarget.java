package io.ledgersync.sandbox.faults;

import java.time.Duration;
import java.time.Instant;

/**
 * A set of requests, narrowed step by step, and the faults put on them; every method returns a target, so several
 * faults can be put on one. Obtained from {@code SandboxFaults}: {@code faults.path("/companies").page(2)}.
 */
public final class FaultTarget {

    private final RequestFaults faults;
    private final RequestTarget target;

    FaultTarget(RequestFaults faults, RequestTarget target) {
        this.faults = faults;
        this.target = target;
    }

    /**
     * Narrows to paths matching {@code pattern}: {@code *} is one segment, {@code **} any number, for example
     * {@code /companies/*\/data/invoices}; the query string is not part of the path.
     */
    public FaultTarget path(String pattern) {
        return new FaultTarget(faults, target.withPath(pattern));
    }

    /** Narrows to requests about one company. */
    public FaultTarget company(String companyId) {
        return new FaultTarget(faults, target.withCompany(companyId));
    }

    /** Narrows to requests for page {@code page} (a request without {@code page} asks for page 1). */
    public FaultTarget page(int page) {
        return new FaultTarget(faults, target.withPage(page));
    }

    /**
     * A real rate limit: a token bucket per client key (each distinct {@code Authorization} header), refilled at
     * {@code requestsPerSecond} on the sandbox clock, holding {@code burst} tokens. An empty bucket answers 429
     * with {@code Retry-After} (whole seconds until a token is back, at least 1); every matching response carries
     * the bucket's {@code X-Rate-Limit-Limit/Remaining/Reset}.
     * <pre>{@code faults.all().rateLimit(2, 2);  // the third request within a second gets 429}</pre>
     */
    public FaultTarget rateLimit(double requestsPerSecond, int burst) {
        return add(new Fault.RateLimit(target, requestsPerSecond, burst, faults.clock()));
    }

    /**
     * 429 for each matching request with {@code probability}, drawn from the seed.
     * {@code retryAfter} null sends no {@code Retry-After}; zero sends {@code Retry-After: 0}.
     * <pre>{@code faults.all().tooManyRequests(0.2, Duration.ofSeconds(1));}</pre>
     */
    public FaultTarget tooManyRequests(double probability, Duration retryAfter) {
        return refuse(429, Fault.Trigger.probability(probability, faults.nextStream()), retryAfter);
    }

    /**
     * 429 for the next {@code count} matching requests, then nothing.
     * <pre>{@code faults.path("/companies").tooManyRequestsNext(3, Duration.ofSeconds(2));}</pre>
     */
    public FaultTarget tooManyRequestsNext(int count, Duration retryAfter) {
        return refuse(429, Fault.Trigger.next(count), retryAfter);
    }

    /**
     * A maintenance window on the sandbox clock: 503 from {@code from} (inclusive) until {@code until}, with
     * {@code Retry-After} saying how many seconds are left.
     * <pre>{@code faults.all().maintenance(clock.instant(), clock.instant().plusSeconds(60));}</pre>
     */
    public FaultTarget maintenance(Instant from, Instant until) {
        return add(new Fault.Maintenance(target, from, until));
    }

    /** A maintenance window that starts now on the sandbox clock and lasts {@code duration}. */
    public FaultTarget maintenanceFor(Duration duration) {
        Instant now = faults.clock().instant();
        return maintenance(now, now.plus(duration));
    }

    /**
     * 503 for the next {@code count} matching requests; {@code retryAfter} null sends no {@code Retry-After}.
     * <pre>{@code faults.all().unavailableNext(2, Duration.ofSeconds(5));}</pre>
     */
    public FaultTarget unavailableNext(int count, Duration retryAfter) {
        return refuse(503, Fault.Trigger.next(count), retryAfter);
    }

    /**
     * 500 for the next {@code count} matching requests.
     * <pre>{@code faults.company(id).serverErrorNext(1);}</pre>
     */
    public FaultTarget serverErrorNext(int count) {
        return refuse(500, Fault.Trigger.next(count), null);
    }

    /** 500 for each matching request with {@code probability}, drawn from the seed. */
    /**
     * A plain 404 {@code NotFoundException} for every matching request, as a platform without the endpoint, or a path
     * mistyped in a data set file, answers: not the 404 "data type not supported" that {@link
     * io.ledgersync.sandbox.DataSetScript#unsupported()} scripts.
     */
    public FaultTarget notFound() {
        return refuse(404, Fault.Trigger.probability(1.0, faults.nextStream()), null);
    }

    public FaultTarget serverErrors(double probability) {
        return refuse(500, Fault.Trigger.probability(probability, faults.nextStream()), null);
    }

    /**
     * Sleeps {@code delay} (real time, not the sandbox clock) before answering each matching request; several
     * latencies on one request add up. Narrow with {@link #page(int)} for one slow page.
     * <pre>{@code faults.path("/companies/*\/data/invoices").page(3).latency(Duration.ofSeconds(20));}</pre>
     */
    public FaultTarget latency(Duration delay) {
        return add(new Fault.Latency(target, delay));
    }

    /**
     * For the next {@code count} matching requests: sends the status line, the headers (with the full
     * {@code Content-Length}) and the first {@code afterBytes} bytes of the body, then closes the connection, so
     * the client sees a truncated response.
     * <pre>{@code faults.path("/companies/*\/data/invoices").page(2).dropConnectionNext(1, 512);}</pre>
     */
    public FaultTarget dropConnectionNext(int count, int afterBytes) {
        return add(new Fault.Drop(target, Fault.Trigger.next(count), afterBytes));
    }

    private FaultTarget refuse(int status, Fault.Trigger trigger, Duration retryAfter) {
        return add(new Fault.Refusal(target, status, trigger, retryAfter, faults.dailyLimit()));
    }

    private FaultTarget add(Fault fault) {
        faults.add(fault);
        return this;
    }

    @Override
    public String toString() {
        return "FaultTarget" + target;
    }
}
