package io.ledgersync.warehouse.dialect;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Arrays;

/**
 * Rows of COPY's binary format ({@code COPY ... FROM STDIN (FORMAT binary)}), as the bytes that go to the server: a
 * header, then per row its field count and per field its length and value, big-endian, -1 for null; a trailer ends the
 * stream. Each value is written in its PostgreSQL type's binary form ({@code *_recv}), so that the server stores exactly
 * what it stores from the text form {@link CopyText} writes (CopyBinaryTests compares the two on PostgreSQL).
 * Not thread-safe: one per COPY.
 */
final class CopyBinary {

    /** The signature, flags (0: no OIDs) and the header extension's length (0). */
    private static final byte[] HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0};
    /** PostgreSQL's epoch for date and timestamptz: 2000-01-01, in days and seconds of the Unix epoch. */
    private static final long EPOCH_DAY = LocalDate.of(2000, 1, 1).toEpochDay();
    private static final long EPOCH_SECOND = EPOCH_DAY * 86_400;
    private static final int NUMERIC_POSITIVE = 0x0000;
    private static final int NUMERIC_NEGATIVE = 0x4000;
    private static final int NBASE = 10_000;
    private static final BigInteger BIG_NBASE = BigInteger.valueOf(NBASE);
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1000};
    /** jsonb's binary form is a version byte, then the JSON text. */
    private static final byte JSONB_VERSION = 1;

    private byte[] bytes;
    private int length;

    CopyBinary(int capacity) {
        bytes = new byte[Math.max(capacity, HEADER.length)];
    }

    int length() {
        return length;
    }

    byte[] bytes() {
        return bytes;
    }

    void clear() {
        length = 0;
    }

    CopyBinary header() {
        ensure(HEADER.length);
        System.arraycopy(HEADER, 0, bytes, length, HEADER.length);
        length += HEADER.length;
        return this;
    }

    /** The end of the rows: a field count of -1. */
    void trailer() {
        putShort(-1);
    }

    /** Starts a row of {@code fields} values. */
    void row(int fields) {
        putShort(fields);
    }

    /** A value of a row, in the binary form of the PostgreSQL type its Java type stands for ({@link io.ledgersync.warehouse.table.Row}). */
    void value(Object value) {
        if (value == null) {
            putInt(-1);
        } else if (value instanceof String string) {
            text(string);
        } else if (value instanceof byte[] utf8) {
            jsonb(utf8); // a record's raw JSON: the only byte[] a row holds
        } else if (value instanceof BigDecimal decimal) {
            numeric(decimal);
        } else if (value instanceof Long number) {
            int8(number);
        } else if (value instanceof OffsetDateTime timestamp) {
            timestamptz(timestamp);
        } else if (value instanceof Boolean bool) {
            bool(bool);
        } else if (value instanceof LocalDate date) {
            date(date);
        } else {
            throw new IllegalArgumentException("COPY has no binary form for a " + value.getClass().getName()
                    + " value: give a row's values as String, Long, BigDecimal, Boolean, LocalDate or OffsetDateTime");
        }
    }

    /** text: its UTF-8 bytes, ASCII written char by char, the rest through {@link String#getBytes} as the text path does. */
    void text(String value) {
        int n = value.length();
        ensure(4 + n);
        int start = length;
        length += 4;
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c >= 0x80) {
                length = start;
                bytes(value.getBytes(StandardCharsets.UTF_8));
                return;
            }
            bytes[length++] = (byte) c;
        }
        patchLength(start);
    }

    /** jsonb: version 1, then the JSON text; the server parses it as it parses the text form. */
    void jsonb(byte[] utf8) {
        ensure(5 + utf8.length);
        putInt(1 + utf8.length);
        bytes[length++] = JSONB_VERSION;
        System.arraycopy(utf8, 0, bytes, length, utf8.length);
        length += utf8.length;
    }

    void int8(long value) {
        putInt(8);
        putLong(value);
    }

    /** int4: the staging table's ordinal, an INTEGER column. */
    void int4(int value) {
        putInt(4);
        putInt(value);
    }

    void bool(boolean value) {
        putInt(1);
        ensure(1);
        bytes[length++] = (byte) (value ? 1 : 0);
    }

    /** date: days since 2000-01-01. */
    void date(LocalDate value) {
        putInt(4);
        putInt(Math.toIntExact(value.toEpochDay() - EPOCH_DAY));
    }

    /**
     * timestamptz: microseconds since 2000-01-01 UTC. The text path sends {@code toString}'s nanoseconds, which the
     * server rounds as {@code rint(fraction * 1000000)} of the fraction read as a double (datetime.c): done here the
     * same way, so that half a microsecond rounds to even as it does there.
     */
    void timestamptz(OffsetDateTime value) {
        long micros = (long) Math.rint(value.getNano() / 1e9 * 1e6);
        putInt(8);
        putLong(Math.addExact(Math.multiplyExact(value.toEpochSecond() - EPOCH_SECOND, 1_000_000L), micros));
    }

    /**
     * numeric: base-10000 digits, most significant first, aligned on the decimal point, without leading or trailing
     * zero digits; the weight is the first digit's power of 10000, dscale the digits after the point that the value
     * shows ({@code toPlainString}'s, which the text path sends: so 2.50 stays 2.50 and 1E+3 is 1000).
     */
    void numeric(BigDecimal value) {
        BigDecimal plain = value.scale() < 0 ? value.setScale(0) : value;
        int dscale = plain.scale();
        int pad = (4 - dscale % 4) % 4; // zeros after the last digit, so that the fraction is whole base-10000 digits
        int fractionDigits = (dscale + pad) / 4;
        short[] digits = plain.precision() + pad <= 18
                ? digits(Math.abs(plain.unscaledValue().longValue()) * POWERS_OF_TEN[pad])
                : digits(plain.unscaledValue().abs().multiply(BigInteger.TEN.pow(pad)));
        // digits is least significant first; its first has weight -fractionDigits. Trailing zero digits carry nothing.
        int lowest = 0;
        while (lowest < digits.length && digits[lowest] == 0) {
            lowest++;
        }
        int count = digits.length - lowest;
        int weight = count == 0 ? 0 : digits.length - 1 - fractionDigits;
        putInt(8 + 2 * count);
        putShort(count);
        putShort(weight);
        putShort(plain.signum() < 0 ? NUMERIC_NEGATIVE : NUMERIC_POSITIVE);
        putShort(dscale);
        for (int i = digits.length - 1; i >= lowest; i--) {
            putShort(digits[i]);
        }
    }

    /** A whole number's base-10000 digits, least significant first; none for 0. */
    private static short[] digits(long value) {
        short[] digits = new short[5];
        int n = 0;
        for (; value != 0; value /= NBASE) {
            digits[n++] = (short) (value % NBASE);
        }
        return Arrays.copyOf(digits, n);
    }

    private static short[] digits(BigInteger value) {
        short[] digits = new short[value.bitLength() / 13 + 1]; // 2^13 < 10000: at most one digit per 13 bits
        int n = 0;
        for (; value.signum() != 0; n++) {
            BigInteger[] quotientAndRemainder = value.divideAndRemainder(BIG_NBASE);
            digits[n] = quotientAndRemainder[1].shortValue();
            value = quotientAndRemainder[0];
        }
        return Arrays.copyOf(digits, n);
    }

    private void bytes(byte[] value) {
        ensure(4 + value.length);
        putInt(value.length);
        System.arraycopy(value, 0, bytes, length, value.length);
        length += value.length;
    }

    /** Writes the length of the field whose 4-byte length is at {@code start}: the bytes written after it. */
    private void patchLength(int start) {
        int fieldLength = length - start - 4;
        length = start;
        putInt(fieldLength);
        length += fieldLength;
    }

    private void putShort(int value) {
        ensure(2);
        bytes[length++] = (byte) (value >>> 8);
        bytes[length++] = (byte) value;
    }

    private void putInt(int value) {
        ensure(4);
        bytes[length++] = (byte) (value >>> 24);
        bytes[length++] = (byte) (value >>> 16);
        bytes[length++] = (byte) (value >>> 8);
        bytes[length++] = (byte) value;
    }

    private void putLong(long value) {
        putInt((int) (value >>> 32));
        putInt((int) value);
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}
