package io.ledgersync.sync.dataset;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The Data API's usual date and date-time forms read by hand: {@code 2025-01-02}, {@code 2025-01-02T03:04:05} with an
 * optional fraction of 1 to 9 digits and an optional {@code Z} or {@code +02:00}. {@code java.time}'s formatters took a
 * seventh of the pipeline's CPU samples, several dates per invoice (bench/BENCHMARKS.md, issue 28). Anything else, an
 * impossible date included, is null here, for the caller's formatter to read or refuse with its own words: this class
 * only ever answers what the formatter would. Thread-safe.
 */
final class IsoTimes {

    private IsoTimes() {
    }

    /** The date {@code yyyy-MM-dd} that is exactly {@code text}, or null. */
    static LocalDate date(String text) {
        return text.length() == 10 ? date(text, 0) : null;
    }

    /**
     * The date-time that is exactly {@code text}, at its offset, or at UTC when it has none; null when it is not one of
     * the usual forms.
     */
    static OffsetDateTime dateTime(String text) {
        int length = text.length();
        if (length < 19 || text.charAt(10) != 'T' || text.charAt(13) != ':' || text.charAt(16) != ':') {
            return null;
        }
        LocalDate date = date(text, 0);
        int hour = twoDigits(text, 11);
        int minute = twoDigits(text, 14);
        int second = twoDigits(text, 17);
        if (date == null || hour < 0 || minute < 0 || second < 0) {
            return null;
        }
        int at = 19;
        int nanos = 0;
        if (at < length && text.charAt(at) == '.') {
            int first = ++at;
            while (at < length && at - first < 9 && isDigit(text.charAt(at))) {
                nanos = nanos * 10 + (text.charAt(at++) - '0');
            }
            int digits = at - first;
            if (digits == 0 || at < length && isDigit(text.charAt(at))) {
                return null;
            }
            for (int i = digits; i < 9; i++) {
                nanos *= 10;
            }
        }
        ZoneOffset offset = offset(text, at);
        if (offset == null) {
            return null;
        }
        try {
            return LocalDateTime.of(date, LocalTime.of(hour, minute, second, nanos)).atOffset(offset);
        } catch (DateTimeException impossible) {
            return null;
        }
    }

    /** The offset that the rest of the text is from {@code at}: none (UTC), {@code Z} or {@code ±HH:MM}; else null. */
    private static ZoneOffset offset(String text, int at) {
        int length = text.length();
        if (at == length || at + 1 == length && text.charAt(at) == 'Z') {
            return ZoneOffset.UTC;
        }
        char sign = text.charAt(at);
        if (at + 6 != length || sign != '+' && sign != '-' || text.charAt(at + 3) != ':') {
            return null;
        }
        int hours = twoDigits(text, at + 1);
        int minutes = twoDigits(text, at + 4);
        if (hours < 0 || minutes < 0) {
            return null;
        }
        try {
            return sign == '+' ? ZoneOffset.ofHoursMinutes(hours, minutes) : ZoneOffset.ofHoursMinutes(-hours, -minutes);
        } catch (DateTimeException impossible) {
            return null;
        }
    }

    private static LocalDate date(String text, int from) {
        if (text.charAt(from + 4) != '-' || text.charAt(from + 7) != '-') {
            return null;
        }
        int century = twoDigits(text, from);
        int year = twoDigits(text, from + 2);
        int month = twoDigits(text, from + 5);
        int day = twoDigits(text, from + 8);
        if (century < 0 || year < 0 || month < 0 || day < 0) {
            return null;
        }
        try {
            return LocalDate.of(century * 100 + year, month, day);
        } catch (DateTimeException impossible) {
            return null;
        }
    }

    /** The number of the two digits at {@code at}, or -1 when they are not two digits. */
    private static int twoDigits(String text, int at) {
        char tens = text.charAt(at);
        char ones = text.charAt(at + 1);
        return isDigit(tens) && isDigit(ones) ? (tens - '0') * 10 + (ones - '0') : -1;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
