package io.ledgersync.sandbox.faults;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.DateTimes;
import io.ledgersync.sandbox.records.SeededRandom;

/**
 * One scripted misbehaviour of the sandbox, applied to the requests its target matches. A fault either lets a
 * request through (possibly slower, possibly with rate-limit headers) or takes it over: a refusal or a dropped
 * connection.
 */
abstract class Fault {

    private final RequestTarget target;
    private final String description;

    Fault(RequestTarget target, String description) {
        this.target = target;
        this.description = description;
    }

    RequestTarget target() {
        return target;
    }

    /** Called only for requests the target matches, in the order faults were scripted. */
    abstract FaultEffect apply(RequestSummary request, Instant now);

    @Override
    public String toString() {
        return description + " on " + target;
    }

    /** Whole seconds, rounded up, as {@code Retry-After} carries them; a wait under a second is still "1". */
    static String seconds(Duration wait) {
        long whole = wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0);
        return Long.toString(Math.max(0, whole));
    }

    static Map<String, String> retryHeaders(Duration retryAfter, Instant now, long limit) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (retryAfter != null) {
            headers.put("Retry-After", seconds(retryAfter));
        }
        headers.put("X-Rate-Limit-Limit", Long.toString(limit));
        headers.put("X-Rate-Limit-Remaining", "0");
        headers.put("X-Rate-Limit-Reset", DateTimes.utc(now.plus(retryAfter == null ? Duration.ZERO : retryAfter)));
        return headers;
    }

    /** Decides "this request or not": the next N matching requests, or each with a seeded probability. */
    static final class Trigger {
        private final int count;
        private final double probability;
        private final SeededRandom random;
        private int left;

        private Trigger(int count, double probability, SeededRandom random) {
            this.count = count;
            this.probability = probability;
            this.random = random;
            this.left = count;
        }

        static Trigger next(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("count must be at least 1, was " + count);
            }
            return new Trigger(count, 0, null);
        }

        /** Draws from its own stream, so the same seed and request order always fault the same requests. */
        static Trigger probability(double probability, SeededRandom random) {
            if (!(probability >= 0 && probability <= 1)) {
                throw new IllegalArgumentException("probability must be from 0 to 1, was " + probability);
            }
            return new Trigger(0, probability, random);
        }

        static Trigger always() {
            return new Trigger(0, 1, null);
        }

        synchronized boolean fires() {
            if (count > 0) {
                return left-- > 0;
            }
            if (random == null) {
                return probability >= 1;
            }
            return (random.nextLong() >>> 11) * 0x1.0p-53 < probability;
        }

        @Override
        public String toString() {
            return count > 0 ? "next " + count : "probability " + probability;
        }
    }

    /** A real sleep before answering, for crash and benchmark tests that need slow pages. */
    static final class Latency extends Fault {
        private final Duration delay;

        Latency(RequestTarget target, Duration delay) {
            super(target, "latency " + delay);
            if (delay.isNegative()) {
                throw new IllegalArgumentException("latency must not be negative, was " + delay);
            }
            this.delay = delay;
        }

        @Override
        FaultEffect apply(RequestSummary request, Instant now) {
            return new FaultEffect(delay, null, -1, null);
        }
    }

    /** A 429, 500 or 503 when its trigger fires. */
    static final class Refusal extends Fault {
        private final int status;
        private final Trigger trigger;
        private final Duration retryAfter;
        private final long limit;

        Refusal(RequestTarget target, int status, Trigger trigger, Duration retryAfter, long limit) {
            super(target, status + " " + trigger);
            this.status = status;
            this.trigger = trigger;
            this.retryAfter = retryAfter;
            this.limit = limit;
        }

        @Override
        FaultEffect apply(RequestSummary request, Instant now) {
            if (!trigger.fires()) {
                return FaultEffect.NONE;
            }
            return FaultEffect.refuse(switch (status) {
                case 429 -> ApiException.tooManyRequests(retryHeaders(retryAfter, now, limit));
                case 503 -> ApiException.unavailable(retryAfter == null ? Map.of()
                        : Map.of("Retry-After", seconds(retryAfter)));
                case 404 -> ApiException.notFound("NotFound", "The requested resource was not found.");
                default -> ApiException.serverProblem();
            });
        }
    }

    /** 503 for every request from {@code from} (inclusive) to {@code until} on the clock, with the wait left. */
    static final class Maintenance extends Fault {
        private final Instant from;
        private final Instant until;

        Maintenance(RequestTarget target, Instant from, Instant until) {
            super(target, "maintenance " + from + " to " + until);
            if (!until.isAfter(from)) {
                throw new IllegalArgumentException("a maintenance window ends after it starts: " + from + " to "
                        + until);
            }
            this.from = from;
            this.until = until;
        }

        @Override
        FaultEffect apply(RequestSummary request, Instant now) {
            if (now.isBefore(from) || !now.isBefore(until)) {
                return FaultEffect.NONE;
            }
            return FaultEffect.refuse(ApiException.unavailable(
                    Map.of("Retry-After", seconds(Duration.between(now, until)))));
        }
    }

    /** A token bucket per client key (the Authorization header as sent); a 429 when it is empty. */
    static final class RateLimit extends Fault {
        private final double perSecond;
        private final int burst;
        private final Clock clock;
        private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();

        RateLimit(RequestTarget target, double perSecond, int burst, Clock clock) {
            super(target, "rate limit " + perSecond + "/s, burst " + burst);
            if (!(perSecond > 0) || burst < 1) {
                throw new IllegalArgumentException("a rate limit needs a positive rate and a burst of at least 1");
            }
            this.perSecond = perSecond;
            this.burst = burst;
            this.clock = clock;
        }

        @Override
        FaultEffect apply(RequestSummary request, Instant now) {
            TokenBucket bucket = buckets.computeIfAbsent(request.clientKey(),
                    key -> new TokenBucket(perSecond, burst, clock.instant()));
            TokenBucket.Draw draw = bucket.draw(clock);
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("X-Rate-Limit-Limit", Integer.toString(burst));
            headers.put("X-Rate-Limit-Remaining", Long.toString(draw.remaining()));
            headers.put("X-Rate-Limit-Reset", DateTimes.utc(draw.fullAt()));
            if (draw.allowed()) {
                return new FaultEffect(Duration.ZERO, null, -1, headers);
            }
            headers.put("Retry-After", seconds(draw.untilToken()));
            return FaultEffect.refuse(ApiException.tooManyRequests(headers));
        }
    }

    /** Sends the headers and the first {@code afterBytes} bytes of the response, then closes the connection. */
    static final class Drop extends Fault {
        private final Trigger trigger;
        private final int afterBytes;

        Drop(RequestTarget target, Trigger trigger, int afterBytes) {
            super(target, "dropped connection after " + afterBytes + " bytes, " + trigger);
            if (afterBytes < 0) {
                throw new IllegalArgumentException("afterBytes must not be negative, was " + afterBytes);
            }
            this.trigger = trigger;
            this.afterBytes = afterBytes;
        }

        @Override
        FaultEffect apply(RequestSummary request, Instant now) {
            return trigger.fires() ? new FaultEffect(Duration.ZERO, null, afterBytes, null) : FaultEffect.NONE;
        }
    }
}
