package io.ledgersync.trigger.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Slows down guessing the API password: a client (its address as the server sees it) may fail HTTP Basic
 * authentication {@code allowed} times, and regains those attempts evenly over {@code per} (a Bucket4j token bucket,
 * one token per failure). Each request with credentials reserves an attempt before they are checked and gives it back
 * when they were right, so that parallel guesses get no more than {@code allowed} 401s between them. Out of attempts, every request of that client that carries credentials is answered 429
 * with {@code Retry-After}, without checking them, so guessing goes no faster than the refill; requests without
 * credentials are not counted (they are only 401), nor are credentials with an empty password: those are no guess but
 * a client whose {@code $LEDGERSYNC_ADMIN_PASSWORD} is not set, answered 401 with a detail that says so. Failures and
 * refusals are counted as {@code ledgersync.auth.failures} and {@code ledgersync.auth.throttled}.
 *
 * <p>At most {@value #MAX_CLIENTS} clients are remembered, the least recently seen forgotten first, so that a flood
 * of addresses cannot exhaust memory.
 */
final class FailedLoginThrottle extends OncePerRequestFilter {

    static final int MAX_CLIENTS = 10_000;

    private final SecurityProperties.FailedLogins limits;
    private final Map<String, Bucket> buckets = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
            return size() > MAX_CLIENTS;
        }
    };
    private final Counter failures;
    private final Counter throttled;

    FailedLoginThrottle(SecurityProperties.FailedLogins limits, MeterRegistry meters) {
        this.limits = limits;
        this.failures = Counter.builder("ledgersync.auth.failures")
                .description("Requests to the REST API or actuator with wrong HTTP Basic credentials").register(meters);
        this.throttled = Counter.builder("ledgersync.auth.throttled")
                .description("Requests refused with 429 because their client failed to log in too often")
                .register(meters);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            chain.doFilter(request, response);
            return;
        }
        if (hasEmptyPassword(authorization)) {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"" + ProblemAuthenticationEntryPoint.REALM + "\"");
            ProblemResponses.write(request, response, HttpStatus.UNAUTHORIZED, "The password is empty: set"
                    + " LEDGERSYNC_ADMIN_PASSWORD in the shell that sends the request (serve logs the line to paste at start,"
                    + " 'REST API: ...'); an empty password is not counted as a failed login");
            return;
        }
        Bucket bucket = bucket(request.getRemoteAddr());
        // reserved before the password is checked, so that parallel guesses cannot all pass one check of the bucket
        ConsumptionProbe reserved = bucket.tryConsumeAndReturnRemaining(1);
        if (!reserved.isConsumed()) {
            throttled.increment();
            refuse(request, response, reserved.getNanosToWaitForRefill());
            return;
        }
        chain.doFilter(request, response);
        if (response.getStatus() == HttpStatus.UNAUTHORIZED.value()) {
            failures.increment();
        } else {
            bucket.addTokens(1); // a login that worked is no failed attempt: give its reservation back
        }
    }

    /** {@code Basic base64(user:)}: a user and nothing after the colon. Undecodable credentials are left to Security. */
    private static boolean hasEmptyPassword(String authorization) {
        try {
            String credentials = new String(Base64.getDecoder().decode(authorization.substring(6).strip()),
                    StandardCharsets.UTF_8);
            return credentials.indexOf(':') == credentials.length() - 1;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private Bucket bucket(String client) {
        synchronized (buckets) {
            return buckets.computeIfAbsent(client, key -> Bucket.builder()
                    .addLimit(Bandwidth.builder().capacity(limits.allowed())
                            .refillGreedy(limits.allowed(), limits.per()).build())
                    .build());
        }
    }

    private static void refuse(HttpServletRequest request, HttpServletResponse response, long waitNanos)
            throws IOException {
        long seconds = Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        ProblemResponses.write(request, response, HttpStatus.TOO_MANY_REQUESTS, "Too many failed logins from this"
                + " client: try again in " + seconds + " s (ledgersync.security.failed-logins)");
    }
}
