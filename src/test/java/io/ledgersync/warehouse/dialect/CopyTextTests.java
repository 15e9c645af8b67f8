package io.ledgersync.warehouse.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import org.junit.jupiter.api.Test;
import io.ledgersync.warehouse.table.Row;

/** COPY's text format, the reference binary COPY is compared with (CopyBinaryTests): that it is the text form CopyUpsert wrote. */
class CopyTextTests {

    @Test
    void escapesOnlyTheCharactersCopyReservesAndKeepsTheRestAsIs() {
        assertThat(escaped("plain {\"a\": 1} café €")).isEqualTo("plain {\"a\": 1} café €");
        assertThat(escaped("a\\b\tc\nd\re\\")).isEqualTo("a\\\\b\\tc\\nd\\re\\\\");
        assertThat(escaped("")).isEmpty();
        assertThat(escaped("é\tafter a character that is not ASCII")).isEqualTo("é\\tafter a character that is not ASCII");
    }

    /** Issue 28: raw goes to COPY as the record's UTF-8 bytes, escaped on the bytes, never made into a String first. */
    @Test
    void rawBytesAreEscapedAsTheirTextWouldBeWhereverTheReservedCharactersFall() {
        String unicode = "{\"name\":\"Müller & Söhne 日本 😀\",\"note\":\"a\\\\b \\\"q\\\" \\u00e9\"}";
        assertThat(escapedBytes(unicode)).isEqualTo(unicode.replace("\\", "\\\\"));
        // the search goes eight bytes at a time: a reserved byte at every position of a word, and in the tail
        for (int at = 0; at < 20; at++) {
            for (char reserved : new char[] {'\\', '\t', '\n', '\r'}) {
                String text = "x".repeat(at) + reserved + "€".repeat(at % 3) + "y".repeat(19 - at);
                assertThat(escapedBytes(text)).as("%s at %d", (int) reserved, at).isEqualTo(reference(text));
            }
        }
        assertThat(escapedBytes("{\n\t\"a\" :\r\n 1 }\n")).as("odd whitespace between tokens").isEqualTo("{\\n\\t\"a\" :\\r\\n 1 }\\n");
        assertThat(escapedBytes("\\\\\\\\")).isEqualTo("\\\\".repeat(4));
    }

    /** Issue 28: a version's raw goes to its history's COPY as the record's bytes, as the current row's does, no String made. */
    @Test
    void aVersionsRawGivenAsBytesIsWrittenAsItsEscapedText() {
        CopyText version = new CopyText(4);
        CopyText.appendValues(version, new Object[] {"c1", "{\"a\":\t\"é 😀\"}".getBytes(StandardCharsets.UTF_8), 1L});

        assertThat(version).hasToString("c1\t{\"a\":\\t\"é 😀\"}\t1");
    }

    @Test
    void printsEachRowTypeAsPostgresReadsIt() {
        assertThat(value(null)).isEqualTo("\\N");
        assertThat(value(new BigDecimal("1E+3"))).as("no exponent").isEqualTo("1000");
        assertThat(value(OffsetDateTime.of(2025, 1, 2, 3, 4, 5, 600_000_000, ZoneOffset.ofHours(2)))).isEqualTo("2025-01-02T03:04:05.600+02:00");
        assertThat(value(LocalDate.of(2025, 1, 2))).isEqualTo("2025-01-02");
        assertThat(value(Boolean.TRUE)).isEqualTo("true");
        assertThat(value(42L)).isEqualTo("42");
        assertThat(value("tab\there")).isEqualTo("tab\\there");
        assertThat(value("naïve\\")).isEqualTo("naïve\\\\");
    }

    /** Issue 28: numbers are written as digits straight into the buffer, exactly as toPlainString and toString print them. */
    @Test
    void decimalsAndWholeNumbersPrintAsToPlainStringAndToStringWould() {
        java.util.Random random = new java.util.Random(28);
        List<BigDecimal> decimals = new java.util.ArrayList<>(List.of(BigDecimal.ZERO, new BigDecimal("0.00"), new BigDecimal("-0.001"),
                new BigDecimal("1E+3"), new BigDecimal("-12.50"), new BigDecimal("999999999999999999"),
                new BigDecimal("0.999999999999999999"), new BigDecimal("123456789012345678901234567890.5"),
                new BigDecimal("1E-30"), new BigDecimal(Long.MAX_VALUE), new BigDecimal(Long.MIN_VALUE)));
        for (int i = 0; i < 2000; i++) {
            decimals.add(BigDecimal.valueOf(random.nextLong() >> random.nextInt(64), random.nextInt(24) - 3));
        }
        for (BigDecimal decimal : decimals) {
            assertThat(value(decimal)).as(decimal.toString()).isEqualTo(decimal.toPlainString());
        }
        for (long number : new long[] {0, 7, -7, 10, 99, 100, Long.MAX_VALUE, Long.MIN_VALUE, 1_000_000_000_000_000_000L, -42}) {
            assertThat(value(number)).isEqualTo(Long.toString(number));
        }
    }

    @Test
    void aStagedRowIsItsValuesThenRawStampRunAndOrdinalAndAChildRowIsItsValues() {
        CopyText staged = new CopyText(4);
        CopyText.appendStaged(staged, new Row(new Object[] {"c1", null, new BigDecimal("2.50")}, "{\"a\":\t\"é\"}"),
                "2026-01-01T00:00Z", 7, 3);
        CopyText child = new CopyText(4);
        CopyText.appendValues(child, new Object[] {"c1", "b\n1", 1L, null});

        assertThat(staged).hasToString("c1\t\\N\t2.50\t{\"a\":\\t\"é\"}\t2026-01-01T00:00Z\t7\t3");
        assertThat(child).hasToString("c1\tb\\n1\t1\t\\N");
    }

    /** COPY's escaping, the obvious way. */
    private static String reference(String text) {
        return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    private static String escaped(String text) {
        CopyText out = new CopyText(1);
        out.appendEscaped(text);
        return out.toString();
    }

    private static String escapedBytes(String text) {
        CopyText out = new CopyText(1);
        out.appendEscaped(text.getBytes(StandardCharsets.UTF_8));
        return out.toString();
    }

    private static String value(Object value) {
        CopyText out = new CopyText(1);
        CopyText.appendValue(out, value);
        return out.toString();
    }
}
