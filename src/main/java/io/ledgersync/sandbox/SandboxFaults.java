package io.ledgersync.sandbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Scripts how a running sandbox misbehaves: refusals (429, 500, 503), latency, dropped connections, rate limits,
 * and the life of each company's data sets (not ready, unsupported, records changing between pages).
 *
 * <p>Pick the requests first, then say what happens to them; every method returns its receiver, so several faults
 * can be put on one target:
 *
 * <pre>{@code
 * SandboxFaults faults = sandbox.faults();
 * faults.all().rateLimit(5, 10);                                             // 5 req/s per key, bursts of 10
 * faults.path("/companies/*\/data/invoices").tooManyRequestsNext(3, Duration.ofSeconds(2));
 * faults.company(id).page(2).latency(Duration.ofSeconds(30));                // a slow page for a kill -9 test
 * faults.dataSet(id, "invoices").readyAfterRequests(2);                      // 409, 409, then 200
 * }</pre>
 *
 * <p>Faults apply before authentication, in the order they were scripted: latencies add up, and the first refusal or
 * dropped connection answers the request. Everything time-based reads the sandbox's clock ({@link
 * SandboxSettings#clock()}); probabilities draw from the sandbox's seed, so one request sequence always meets the
 * same faults. All methods are thread-safe and take effect for the next request.
 */
public final class SandboxFaults {

    private final List<Fault> faults = new CopyOnWriteArrayList<>();
    private final AtomicInteger scripted = new AtomicInteger();
    private final AtomicLong injected = new AtomicLong();
    private final SandboxDataSet dataSet;
    private final Clock clock;
    private final long seed;
    private final long dailyLimit;

    SandboxFaults(SandboxDataSet dataSet, Clock clock, long seed, long dailyLimit) {
        this.dataSet = dataSet;
        this.clock = clock;
        this.seed = seed;
        this.dailyLimit = dailyLimit;
    }

    /** Every request, whatever its path. */
    public Target all() {
        return new Target(RequestTarget.ALL);
    }

    /**
     * Requests whose path matches {@code pattern}: {@code *} is one segment, {@code **} any number, for example
     * {@code /companies/*\/data/invoices} or {@code /companies/**}. The query string is not part of the path.
     */
    public Target path(String pattern) {
        return all().path(pattern);
    }

    /** Requests about one company: {@code /companies/{companyId}} and everything under it. */
    public Target company(String companyId) {
        return all().company(companyId);
    }

    /** The scripted life of one company's data set ({@code invoices} or {@code customers}). */
    public DataSetScript dataSet(String companyId, String dataType) {
        if (dataSet.findCompany(companyId) == null) {
            throw new IllegalArgumentException("no company with id " + companyId + " in this sandbox");
        }
        if (!SandboxDataSet.DATA_TYPES.contains(dataType)) {
            throw new IllegalArgumentException("the sandbox serves the data types " + SandboxDataSet.DATA_TYPES
                    + ", not " + dataType);
        }
        return new DataSetScript(dataSet.state(companyId, dataType), dataSet.baseSize(dataType), clock);
    }

    /** Removes every request fault (rate limits, refusals, latency, drops); data set scripts stay as they are. */
    public SandboxFaults clear() {
        faults.clear();
        return this;
    }

    /** Responses that a fault refused or cut short since start; latency alone does not count. */
    public long injected() {
        return injected.get();
    }

    /** The faults in force, one per line, for a test's failure message or a scenario's banner. */
    public List<String> describe() {
        return faults.stream().map(Fault::toString).toList();
    }

    /** The combined effect of every matching fault on one request. */
    Fault.Effect verdict(RequestTarget.Request request) {
        Instant now = clock.instant();
        Duration delay = Duration.ZERO;
        Map<String, String> rateHeaders = null;
        for (Fault fault : faults) {
            if (!fault.target().matches(request)) {
                continue;
            }
            Fault.Effect effect = fault.apply(request, now);
            delay = delay.plus(effect.delay());
            if (effect.rateHeaders() != null) {
                rateHeaders = effect.rateHeaders();
            }
            if (effect.takesOver()) {
                injected.incrementAndGet();
                return new Fault.Effect(delay, effect.refusal(), effect.dropAfterBytes(), rateHeaders);
            }
        }
        return new Fault.Effect(delay, null, -1, rateHeaders);
    }

    private SeededRandom stream() {
        return new SeededRandom(seed, SeededRandom.FAULT, scripted.incrementAndGet());
    }

    /** A set of requests, narrowed step by step, and the faults put on them. */
    public final class Target {

        private final RequestTarget target;

        private Target(RequestTarget target) {
            this.target = target;
        }

        /** Narrows to paths matching {@code pattern} (see {@link SandboxFaults#path(String)}). */
        public Target path(String pattern) {
            return new Target(target.withPath(pattern));
        }

        /** Narrows to requests about one company. */
        public Target company(String companyId) {
            return new Target(target.withCompany(companyId));
        }

        /** Narrows to requests for page {@code page} (a request without {@code page} asks for page 1). */
        public Target page(int page) {
            return new Target(target.withPage(page));
        }

        /**
         * A real rate limit: a token bucket per client key (each distinct {@code Authorization} header), refilled at
         * {@code requestsPerSecond} on the sandbox clock, holding {@code burst} tokens. An empty bucket answers 429
         * with {@code Retry-After} (whole seconds until a token is back, at least 1); every matching response carries
         * the bucket's {@code X-Rate-Limit-Limit/Remaining/Reset}.
         * <pre>{@code faults.all().rateLimit(2, 2);  // the third request within a second gets 429}</pre>
         */
        public Target rateLimit(double requestsPerSecond, int burst) {
            return add(new Fault.RateLimit(target, requestsPerSecond, burst, clock));
        }

        /**
         * 429 for each matching request with {@code probability}, drawn from the seed.
         * {@code retryAfter} null sends no {@code Retry-After}; zero sends {@code Retry-After: 0}.
         * <pre>{@code faults.all().tooManyRequests(0.2, Duration.ofSeconds(1));}</pre>
         */
        public Target tooManyRequests(double probability, Duration retryAfter) {
            return add(new Fault.Refusal(target, 429, Fault.Trigger.probability(probability, stream()), retryAfter,
                    dailyLimit));
        }

        /**
         * 429 for the next {@code count} matching requests, then nothing.
         * <pre>{@code faults.path("/companies").tooManyRequestsNext(3, Duration.ofSeconds(2));}</pre>
         */
        public Target tooManyRequestsNext(int count, Duration retryAfter) {
            return add(new Fault.Refusal(target, 429, Fault.Trigger.next(count), retryAfter, dailyLimit));
        }

        /**
         * A maintenance window on the sandbox clock: 503 from {@code from} (inclusive) until {@code until}, with
         * {@code Retry-After} saying how many seconds are left.
         * <pre>{@code faults.all().maintenance(clock.instant(), clock.instant().plusSeconds(60));}</pre>
         */
        public Target maintenance(Instant from, Instant until) {
            return add(new Fault.Maintenance(target, from, until));
        }

        /** A maintenance window that starts now on the sandbox clock and lasts {@code duration}. */
        public Target maintenanceFor(Duration duration) {
            Instant now = clock.instant();
            return maintenance(now, now.plus(duration));
        }

        /**
         * 503 for the next {@code count} matching requests; {@code retryAfter} null sends no {@code Retry-After}.
         * <pre>{@code faults.all().unavailableNext(2, Duration.ofSeconds(5));}</pre>
         */
        public Target unavailableNext(int count, Duration retryAfter) {
            return add(new Fault.Refusal(target, 503, Fault.Trigger.next(count), retryAfter, dailyLimit));
        }

        /**
         * 500 for the next {@code count} matching requests.
         * <pre>{@code faults.company(id).serverErrorNext(1);}</pre>
         */
        public Target serverErrorNext(int count) {
            return add(new Fault.Refusal(target, 500, Fault.Trigger.next(count), null, dailyLimit));
        }

        /** 500 for each matching request with {@code probability}, drawn from the seed. */
        public Target serverErrors(double probability) {
            return add(new Fault.Refusal(target, 500, Fault.Trigger.probability(probability, stream()), null,
                    dailyLimit));
        }

        /**
         * Sleeps {@code delay} (real time, not the sandbox clock) before answering each matching request; several
         * latencies on one request add up. Narrow with {@link #page(int)} for one slow page.
         * <pre>{@code faults.path("/companies/*\/data/invoices").page(3).latency(Duration.ofSeconds(20));}</pre>
         */
        public Target latency(Duration delay) {
            return add(new Fault.Latency(target, delay));
        }

        /**
         * For the next {@code count} matching requests: sends the status line, the headers (with the full
         * {@code Content-Length}) and the first {@code afterBytes} bytes of the body, then closes the connection, so
         * the client sees a truncated response.
         * <pre>{@code faults.path("/companies/*\/data/invoices").page(2).dropConnectionNext(1, 512);}</pre>
         */
        public Target dropConnectionNext(int count, int afterBytes) {
            return add(new Fault.Drop(target, Fault.Trigger.next(count), afterBytes));
        }

        private Target add(Fault fault) {
            faults.add(fault);
            return this;
        }

        @Override
        public String toString() {
            return "Target" + target;
        }
    }
}
