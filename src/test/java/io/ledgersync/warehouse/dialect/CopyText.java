package io.ledgersync.warehouse.dialect;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.Arrays;

import io.ledgersync.warehouse.table.ByteSearch;
import io.ledgersync.warehouse.table.Row;

/**
 * Lines of COPY's text format, built as the UTF-8 bytes that go to the server: a record's {@code raw} bytes are
 * escaped straight into it, never made into a String and encoded back. The product wrote these until issue 28 made
 * COPY binary ({@link CopyBinary}); kept here as the reference the binary rows are compared with on PostgreSQL
 * (CopyBinaryTests). Escaping on UTF-8 bytes is safe: the
 * four characters COPY reserves are ASCII, and an ASCII byte never occurs inside a multi-byte character.
 * Not thread-safe: one per COPY.
 */
final class CopyText {

    private static final byte BACKSLASH = '\\';
    private static final byte TAB = '\t';
    private static final byte NEWLINE = '\n';
    private static final byte RETURN = '\r';

    private byte[] bytes;
    private int length;

    CopyText(int capacity) {
        bytes = new byte[capacity];
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

    CopyText append(char ascii) {
        ensure(1);
        bytes[length++] = (byte) ascii;
        return this;
    }

    /** Text that needs no escaping and is ASCII: numbers, timestamps, COPY's own escapes. */
    CopyText appendAscii(String ascii) {
        int n = ascii.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            bytes[length++] = (byte) ascii.charAt(i);
        }
        return this;
    }

    /** A whole number's digits, written straight into the buffer: no String per number. */
    CopyText appendLong(long value) {
        if (value == Long.MIN_VALUE) {
            return appendAscii(Long.toString(value)); // its absolute value is no long
        }
        if (value < 0) {
            append('-');
            value = -value;
        }
        int digits = digits(value);
        ensure(digits);
        for (int at = length + digits - 1; at >= length; at--) {
            bytes[at] = (byte) ('0' + value % 10);
            value /= 10;
        }
        length += digits;
        return this;
    }

    /** A decimal as {@code toPlainString} prints it (no exponent, its scale's digits after the point). */
    CopyText appendDecimal(BigDecimal value) {
        int scale = value.scale();
        if (scale < 0 || scale > 18 || value.precision() > 18) {
            return appendAscii(value.toPlainString());
        }
        long unscaled = value.unscaledValue().longValue();
        if (unscaled < 0) {
            append('-');
            unscaled = -unscaled;
        }
        if (scale == 0) {
            return appendLong(unscaled);
        }
        int digits = digits(unscaled);
        if (digits <= scale) {
            append('0').append('.');
            for (int zeros = scale - digits; zeros > 0; zeros--) {
                append('0');
            }
            return appendLong(unscaled);
        }
        ensure(digits + 1);
        int point = length + digits - scale;
        for (int at = length + digits; at >= length; at--) {
            if (at == point) {
                bytes[at] = '.';
                continue;
            }
            bytes[at] = (byte) ('0' + unscaled % 10);
            unscaled /= 10;
        }
        length += digits + 1;
        return this;
    }

    /** How many decimal digits a non-negative long has. */
    private static int digits(long value) {
        int digits = 1;
        for (long bound = 10; digits < 19 && value >= bound; bound *= 10) {
            digits++;
        }
        return digits;
    }

    /**
     * Any text, escaped for COPY. Typed values are short and mostly ASCII: written char by char, and through its UTF-8
     * bytes from the first character that is not ASCII.
     */
    void appendEscaped(String value) {
        int start = length;
        int n = value.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c >= 0x80) {
                length = start;
                appendEscaped(value.getBytes(StandardCharsets.UTF_8));
                return;
            }
            if (c == BACKSLASH || c == TAB || c == NEWLINE || c == RETURN) {
                ensure(n - i + 1);
                bytes[length++] = BACKSLASH;
                bytes[length++] = escape((byte) c);
            } else {
                bytes[length++] = (byte) c;
            }
        }
    }

    /** UTF-8 bytes, escaped for COPY: copied in runs between the reserved characters. */
    void appendEscaped(byte[] value) {
        int from = 0;
        for (int at = reserved(value, 0); at >= 0; at = reserved(value, from)) {
            append(value, from, at);
            ensure(2);
            bytes[length++] = BACKSLASH;
            bytes[length++] = escape(value[at]);
            from = at + 1;
        }
        append(value, from, value.length);
    }

    private static int reserved(byte[] value, int from) {
        return reservedIn(value, from, value.length);
    }

    private static int reservedIn(byte[] value, int from, int to) {
        return from >= to ? -1 : ByteSearch.indexOfAny(value, from, to, BACKSLASH, TAB, NEWLINE, RETURN);
    }

    private static byte escape(byte reserved) {
        return switch (reserved) {
            case BACKSLASH -> BACKSLASH;
            case TAB -> 't';
            case NEWLINE -> 'n';
            default -> 'r';
        };
    }

    private void append(byte[] value, int from, int to) {
        int n = to - from;
        ensure(n);
        System.arraycopy(value, from, bytes, length, n);
        length += n;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }

    /** A data-set row: its typed values, raw, synced_at, run_id, tab-separated, without its newline. */
    static void appendRow(CopyText text, Row row, String syncedAt, long runId) {
        for (Object value : row.values()) {
            appendValue(text, value);
            text.append('\t');
        }
        text.appendEscaped(row.raw());
        text.append('\t').appendAscii(syncedAt).append('\t').appendLong(runId);
    }

    /** A staged row: {@link #appendRow}, then its ordinal. */
    static void appendStaged(CopyText text, Row row, String syncedAt, long runId, int ordinal) {
        appendRow(text, row, syncedAt, runId);
        text.append('\t').appendLong(ordinal);
    }

    /** A row of a child or history table: its values, in column order. */
    static void appendValues(CopyText text, Object[] values) {
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                text.append('\t');
            }
            appendValue(text, values[i]);
        }
    }

    /** \N is null; the types of {@link Row} print as PostgreSQL reads them, a byte[] as its UTF-8 text. */
    static void appendValue(CopyText text, Object value) {
        if (value == null) {
            text.appendAscii("\\N");
        } else if (value instanceof String string) {
            text.appendEscaped(string);
        } else if (value instanceof byte[] utf8) {
            text.appendEscaped(utf8);
        } else if (value instanceof BigDecimal decimal) {
            text.appendDecimal(decimal);
        } else if (value instanceof Long number) {
            text.appendLong(number);
        } else if (value instanceof OffsetDateTime timestamp) {
            text.appendAscii(timestamp.toString()); // ISO 8601, which PostgreSQL reads
        } else {
            text.appendEscaped(value.toString()); // Boolean, LocalDate: their toString is PostgreSQL's input form
        }
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
