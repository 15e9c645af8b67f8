package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The two date-time spellings the sandbox serves, the way the platform's own examples do: calendar dates of the
 * business without a zone ({@code 2025-03-04T00:00:00}), platform timestamps in UTC ({@code 2025-03-04T10:11:12Z}).
 */
public final class DateTimes {

    // ISO_LOCAL_DATE_TIME drops ":00" seconds, which would make the width of the field vary.
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");

    private DateTimes() {
    }

    static String local(LocalDate date) {
        return SECONDS.format(date.atStartOfDay());
    }

    public static String utc(Instant instant) {
        return SECONDS.format(LocalDateTime.ofEpochSecond(instant.getEpochSecond(), 0, ZoneOffset.UTC)) + "Z";
    }

    /** How a zone-less date compares with timestamps in a query: as UTC, the only reading the sandbox can make. */
    public static Instant instant(LocalDate date) {
        return date.atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
