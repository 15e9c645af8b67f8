package io.ledgersync.source;

import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Reads a {@code Retry-After} header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
 * Stateless.
 */
final class RetryAfter {

    private RetryAfter() {
    }

    /**
     * The wait the header asks for, measured from {@code clock}'s now; null when the header is absent
     * or unreadable (the caller then falls back to its own backoff, never to no wait), zero for a
     * date in the past.
     */
    static Duration parse(String header, Clock clock) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.strip();
        if (value.chars().allMatch(Character::isDigit)) {
            try {
                return Duration.ofSeconds(Long.parseLong(value));
            } catch (NumberFormatException | ArithmeticException tooLarge) {
                // More seconds than a long holds is "a very long time": the ceiling will bound it.
                return Duration.ofSeconds(Long.MAX_VALUE);
            }
        }
        try {
            ZonedDateTime at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
            Duration wait = Duration.between(clock.instant(), at.toInstant());
            return wait.isNegative() ? Duration.ZERO : wait;
        } catch (DateTimeParseException unreadable) {
            return null;
        }
    }
}
