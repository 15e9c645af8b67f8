package io.ledgersync.sandbox.http;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;

import com.sun.net.httpserver.Headers;

import io.ledgersync.sandbox.records.DateTimes;

/**
 * The informational {@code X-Rate-Limit-*} headers the platform sends on every response. The sandbox counts against
 * the documented daily quota (1000 × (1 + companies), reset at 00:00 UTC) but never enforces it: a 429 belongs to
 * the fault scenarios, not to normal serving.
 */
final class RateLimitHeaders {

    private final long dailyLimit;
    private final Clock clock;
    private LocalDate day;
    private long usedToday;

    RateLimitHeaders(long dailyLimit, Clock clock) {
        this.dailyLimit = dailyLimit;
        this.clock = clock;
    }

    void addTo(Headers headers) {
        long remaining;
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        synchronized (this) {
            if (!today.equals(day)) {
                day = today;
                usedToday = 0;
            }
            usedToday++;
            remaining = Math.max(0, dailyLimit - usedToday);
        }
        headers.set("X-Rate-Limit-Limit", Long.toString(dailyLimit));
        headers.set("X-Rate-Limit-Remaining", Long.toString(remaining));
        headers.set("X-Rate-Limit-Reset", DateTimes.utc(DateTimes.instant(today.plusDays(1))));
    }
}
