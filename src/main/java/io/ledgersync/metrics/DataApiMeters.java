package io.ledgersync.metrics;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import io.ledgersync.source.DataApiObserver;
import io.micrometer.core.instrument.Meter.MeterProvider;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Counts and times the client's exchanges with the Data API by endpoint and status, and its
 * waits (retry backoff and Retry-After, rate limiter, open circuit) by endpoint and reason. The
 * endpoint is the path template, never the path, which names the company. Thread-safe.
 */
final class DataApiMeters implements DataApiObserver {

    static final String COMPANIES = "/companies";
    static final String COMPANY = "/companies/{companyId}";
    static final String COMPANY_DATA = "/companies/{companyId}/data/{dataType}";
    /** Any other path: a link of an unexpected shape must not create a series of its own. */
    static final String OTHER = "other";
    /** The status tag of an attempt that got no response. */
    static final String NO_RESPONSE = "IO_ERROR";

    private final MeterProvider<Timer> requests;
    private final MeterProvider<Timer> waits;

    DataApiMeters(MeterRegistry registry) {
        this.requests = Timer.builder("ledgersync.api.requests")
                .description("Attempts sent to the Data API by endpoint (path template) and HTTP status (IO_ERROR: no response)")
                .withRegistry(registry);
        this.waits = Timer.builder("ledgersync.api.waits")
                .description("Time the client waited before an attempt, by endpoint and reason (retry, rate_limiter, circuit_breaker)")
                .withRegistry(registry);
        // Present from the start, so that dashboards and rate() see zeros rather than nothing.
        for (String endpoint : List.of(COMPANIES, COMPANY_DATA)) {
            for (Wait reason : Wait.values()) {
                waits.withTags("endpoint", endpoint, "reason", reason(reason));
            }
        }
    }

    @Override
    public void responded(String path, int status, Duration elapsed) {
        requests.withTags("endpoint", endpoint(path), "status", status == 0 ? NO_RESPONSE : Integer.toString(status))
                .record(elapsed);
    }

    @Override
    public void waited(String path, Wait reason, Duration duration) {
        waits.withTags("endpoint", endpoint(path), "reason", reason(reason)).record(duration);
    }

    /** The path template of a path relative to the base URL, as the contract names its resources. */
    static String endpoint(String path) {
        int query = path.indexOf('?');
        String bare = query < 0 ? path : path.substring(0, query);
        String[] segments = bare.replaceAll("^/+|/+$", "").split("/+");
        if (segments.length == 0 || !segments[0].equals("companies")) {
            return OTHER;
        }
        return switch (segments.length) {
            case 1 -> COMPANIES;
            case 2 -> COMPANY;
            case 4 -> segments[2].equals("data") ? COMPANY_DATA : OTHER;
            default -> OTHER;
        };
    }

    private static String reason(Wait reason) {
        return reason.name().toLowerCase(Locale.ROOT);
    }
}
