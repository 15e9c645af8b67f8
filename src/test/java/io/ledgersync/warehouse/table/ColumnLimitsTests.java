package io.ledgersync.warehouse.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

/** Issue 17: a value its column cannot hold is told before the database refuses it mid-chunk. */
class ColumnLimitsTests {

    private static final Column AMOUNT = new Column("amount", ColumnType.DECIMAL);
    private static final Column CODE = new Column("code", ColumnType.TEXT);
    private static final Column NOTE = new Column("note", ColumnType.TEXT);
    private static final Column AT = new Column("at", ColumnType.TIMESTAMP);

    @Test
    void theDeclaredPrecisionLengthAndTheYearsEveryDatabaseHolds() throws SQLException {
        try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:limits;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE")) {
            h2.createStatement().execute("CREATE TABLE things (amount NUMERIC(19, 4), code VARCHAR(8), note VARCHAR, at TIMESTAMP WITH TIME ZONE)");
            ColumnLimits limits = ColumnLimits.read(h2.getMetaData(), "things");

            assertThat(limits.misfit(AMOUNT, new BigDecimal("999999999999999.9999"))).isNull();
            assertThat(limits.misfit(AMOUNT, new BigDecimal("1e300")))
                    .isEqualTo("has 301 digits before the decimal point; column amount is numeric(19, 4) and holds 15");
            assertThat(limits.misfit(AMOUNT, new BigDecimal("0.000001"))).as("more decimals are rounded, not refused").isNull();
            assertThat(limits.misfit(CODE, "EUR")).isNull();
            assertThat(limits.misfit(CODE, "EUROPEAN-CURRENCY")).isEqualTo("is 17 characters long; column code holds 8");
            assertThat(limits.misfit(NOTE, "x".repeat(100_000))).as("an unbounded varchar").isNull();
            assertThat(limits.misfit(NOTE, "a\0b")).contains("NUL character");
            assertThat(limits.misfit(AT, OffsetDateTime.of(10_000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC))).contains("year 10000");
            assertThat(limits.misfit(AMOUNT, null)).isNull();
        }
    }

    @Test
    void aNulEscapeInTheRecordTextIsToldFromAnEscapedBackslash() {
        assertThat(ColumnLimits.hasNulEscape("{\"a\": \"x\\u0000y\"}")).isTrue();
        assertThat(ColumnLimits.hasNulEscape("{\"a\": \"x\\\\u0000y\"}")).as("a backslash, then the text u0000").isFalse();
        assertThat(ColumnLimits.hasNulEscape("{\"a\": \"x\\\\\\u0000y\"}")).isTrue();
        assertThat(ColumnLimits.hasNulEscape("{\"a\": 1}")).isFalse();
    }

    /** Issue 28: raw is searched as its bytes, eight at a time: the escape is found wherever it falls, after any text. */
    @Test
    void aNulEscapeIsFoundInTheRecordsBytesWhereverItFalls() {
        for (int at = 0; at < 24; at++) {
            String before = "{\"n\u00e9\": \"" + "x".repeat(at);
            assertThat(ColumnLimits.hasNulEscape((before + "\\u0000\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8))).as("at %d", at).isTrue();
            assertThat(ColumnLimits.hasNulEscape((before + "\\\\u0000\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8))).as("at %d", at).isFalse();
            assertThat(ColumnLimits.hasNulEscape((before + "\\u000").getBytes(java.nio.charset.StandardCharsets.UTF_8))).as("cut short at %d", at).isFalse();
        }
    }
}
