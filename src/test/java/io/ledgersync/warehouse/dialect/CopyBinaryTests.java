package io.ledgersync.warehouse.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

/**
 * The bytes of COPY's binary format as CopyBinary writes them; that PostgreSQL stores from them exactly what it stores
 * from the text form is {@link ServerPostgresCopyBinaryTests}' job.
 */
class CopyBinaryTests {

    @Test
    void aStreamIsTheSignatureZeroFlagsAndNoExtensionThenRowsThenMinusOne() {
        CopyBinary out = new CopyBinary(1).header();
        out.row(2);
        out.value(null);
        out.value("é");
        out.trailer();

        assertThat(hex(out)).isEqualTo("5047434f50590aff0d0a00" + "00000000" + "00000000"
                + "0002" + "ffffffff" + "00000002c3a9" + "ffff");
    }

    /** numeric: ndigits, weight, sign, dscale, then base-10000 digits aligned on the point, none leading or trailing zero. */
    @Test
    void numericIsBase10000DigitsAlignedOnThePointWithTheScaleTheValueShows() {
        assertThat(numeric("2.50")).isEqualTo("0002" + "0000" + "0000" + "0002" + "0002" + "1388"); // 2 . 5000
        assertThat(numeric("-0.001")).isEqualTo("0001" + "ffff" + "4000" + "0003" + "000a"); // 0.0010: weight -1
        assertThat(numeric("0.00")).isEqualTo("0000" + "0000" + "0000" + "0002");
        assertThat(numeric("1E+3")).as("a negative scale is shown as a whole number").isEqualTo("0001" + "0000" + "0000" + "0000" + "03e8");
        assertThat(numeric("10000.0000")).as("no trailing zero digits, the scale kept").isEqualTo("0001" + "0001" + "0000" + "0004" + "0001");
        assertThat(numeric("1E-9")).isEqualTo("0001" + "fffd" + "0000" + "0009" + "03e8"); // 0.0000 0000 1000
        assertThat(numeric("123456789012345678901234567890.5"))
                .as("beyond a long").isEqualTo("0009" + "0007" + "0000" + "0001" + "000c" + "0d80" + "1ed2" + "04d2" + "162e" + "2334" + "0d80" + "1ed2" + "1388");
    }

    @Test
    void datesAndTimestampsCountFrom2000AndTimestampsRoundToTheMicrosecondAsPostgresReadsTheirText() {
        assertThat(field(out -> out.date(LocalDate.of(2000, 1, 1)))).isEqualTo("00000000");
        assertThat(field(out -> out.date(LocalDate.of(1999, 12, 31)))).isEqualTo("ffffffff");
        assertThat(field(out -> out.timestamptz(OffsetDateTime.of(2000, 1, 1, 1, 0, 0, 1_500, ZoneOffset.ofHours(1)))))
                .as("1.5 microseconds, an hour east of UTC: 2 microseconds after the epoch").isEqualTo("0000000000000002");
        assertThat(field(out -> out.timestamptz(OffsetDateTime.of(2000, 1, 1, 0, 0, 0, 500, ZoneOffset.UTC))))
                .as("half a microsecond rounds to even").isEqualTo("0000000000000000");
    }

    @Test
    void aValueOfATypeWithoutABinaryFormIsRefusedNamingItsTypeAndTheTypesThatHaveOne() {
        assertThatThrownBy(() -> new CopyBinary(1).value(7))
                .hasMessageContaining("java.lang.Integer").hasMessageContaining("Long, BigDecimal");
    }

    private static String numeric(String value) {
        return field(out -> out.numeric(new BigDecimal(value)));
    }

    /** The value of the one field written, after its length, which must count its bytes. */
    private static String field(Consumer<CopyBinary> write) {
        CopyBinary out = new CopyBinary(1);
        write.accept(out);
        String field = hex(out);
        assertThat(Integer.parseInt(field.substring(0, 8), 16) * 2).as("the length field").isEqualTo(field.length() - 8);
        return field.substring(8);
    }

    private static String hex(CopyBinary out) {
        return HexFormat.of().formatHex(out.bytes(), 0, out.length());
    }
}
