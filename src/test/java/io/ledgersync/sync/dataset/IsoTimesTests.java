package io.ledgersync.sync.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Issue 28: the hand-read dates and date-times answer exactly what java.time's formatters would, or leave it to them. */
class IsoTimesTests {

    @Test
    void theUsualFormsReadAsTheFormattersReadThem() {
        assertThat(IsoTimes.dateTime("2025-01-02T03:04:05")).isEqualTo(OffsetDateTime.of(2025, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC));
        assertThat(IsoTimes.dateTime("2025-01-02T03:04:05.5Z")).isEqualTo(OffsetDateTime.of(2025, 1, 2, 3, 4, 5, 500_000_000, ZoneOffset.UTC));
        assertThat(IsoTimes.dateTime("2025-01-02T03:04:05.123456789-05:30"))
                .isEqualTo(OffsetDateTime.of(2025, 1, 2, 3, 4, 5, 123_456_789, ZoneOffset.ofHoursMinutes(-5, -30)));
        assertThat(IsoTimes.date("2024-02-29")).isEqualTo(LocalDate.of(2024, 2, 29));
    }

    @Test
    void whatIsNotAUsualFormOrNotARealTimeIsLeftToTheFormatters() {
        for (String text : List.of("2025-02-29", "2025-13-01", "2025-01-02T24:00:00", "2025-01-02T23:59:60", "2025-01-02T03:04",
                "2025-01-02t03:04:05", "2025-01-02T03:04:05z", "2025-01-02T03:04:05.", "2025-01-02T03:04:05.1234567890",
                "2025-01-02T03:04:05+19:00", "2025-01-02T03:04:05+0200", "2025-01-02T03:04:05+02:00:30", "+12025-01-02",
                "2025-1-02", "2025-01-02 03:04:05", "２０２５-01-02")) {
            assertThat(text.length() == 10 ? IsoTimes.date(text) : IsoTimes.dateTime(text)).as(text).isNull();
        }
    }

    /** Random texts near the usual forms: whatever the hand reading answers, the formatters answer the same. */
    @Test
    void neverAnswersOtherwiseThanTheFormatters() {
        Random random = new Random(28);
        String alphabet = "0123456789-T:.Z+z ";
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            char[] text = "2025-01-02T03:04:05.678+02:00".substring(0, 10 + random.nextInt(20)).toCharArray();
            for (int changes = random.nextInt(3); changes > 0; changes--) {
                text[random.nextInt(text.length)] = alphabet.charAt(random.nextInt(alphabet.length()));
            }
            texts.add(new String(text));
        }
        int read = 0;
        for (String text : texts) {
            OffsetDateTime hand = text.length() == 10 ? atUtc(IsoTimes.date(text)) : IsoTimes.dateTime(text);
            OffsetDateTime formatter = formatter(text);
            if (hand != null) {
                read++;
                assertThat(hand).as(text).isEqualTo(formatter);
            }
        }
        assertThat(read).as("texts read by hand, compared").isGreaterThan(2_000);
    }

    private static OffsetDateTime atUtc(LocalDate date) {
        return date == null ? null : date.atStartOfDay().atOffset(ZoneOffset.UTC);
    }

    /** What RecordMapper.timestamp answered before the hand reading: the formatters alone. */
    private static OffsetDateTime formatter(String text) {
        try {
            if (text.length() == 10) {
                return LocalDate.parse(text).atStartOfDay().atOffset(ZoneOffset.UTC);
            }
            int time = text.indexOf('T');
            boolean offset = time < 0 || text.substring(time + 1).chars().anyMatch(c -> c == 'Z' || c == '+' || c == '-');
            return offset ? OffsetDateTime.parse(text) : LocalDateTime.parse(text).atOffset(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
