package io.ledgersync.warehouse.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;
import io.ledgersync.warehouse.table.Row;

/** COPY's text format as CopyUpsert writes it; that PostgreSQL reads it back unchanged is the warehouse contract tests' job. */
class CopyUpsertTests {

    @Test
    void escapesOnlyTheCharactersCopyReservesAndKeepsTheRestAsIs() {
        assertThat(escaped("plain {\"a\": 1} café €")).isEqualTo("plain {\"a\": 1} café €");
        assertThat(escaped("a\\b\tc\nd\re\\")).isEqualTo("a\\\\b\\tc\\nd\\re\\\\");
        assertThat(escaped("")).isEmpty();
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
    }

    @Test
    void aStagedRowIsItsValuesThenRawStampRunAndOrdinalAndAChildRowIsItsValues() {
        StringBuilder staged = new StringBuilder();
        CopyUpsert.appendStaged(staged, new Row(new Object[] {"c1", null, new BigDecimal("2.50")}, "{\"a\":\t1}"),
                "2026-01-01T00:00Z", 7, 3);
        StringBuilder child = new StringBuilder();
        CopyUpsert.appendValues(child, new Object[] {"c1", "b\n1", 1L, null});

        assertThat(staged).hasToString("c1\t\\N\t2.50\t{\"a\":\\t1}\t2026-01-01T00:00Z\t7\t3");
        assertThat(child).hasToString("c1\tb\\n1\t1\t\\N");
    }

    private static String escaped(String text) {
        StringBuilder out = new StringBuilder();
        CopyUpsert.appendEscaped(out, text);
        return out.toString();
    }

    private static String value(Object value) {
        StringBuilder out = new StringBuilder();
        CopyUpsert.appendValue(out, value);
        return out.toString();
    }
}
