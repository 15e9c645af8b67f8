package io.ledgersync.warehouse.table;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds ASCII bytes in a record's UTF-8 bytes eight at a time: a record's {@code raw} (~1.7 KB an invoice) is searched
 * for COPY's reserved characters and for the NUL escape on every write, and a byte-by-byte loop was the slower half of
 * it (issue 28). An ASCII byte never occurs inside a multi-byte UTF-8 character, so a match is always that character.
 */
public final class ByteSearch {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private ByteSearch() {
    }

    /**
     * The index of the first of {@code a}, {@code b}, {@code c}, {@code d} in {@code bytes[from, to)}, or -1; give a byte
     * twice to look for fewer.
     */
    public static int indexOfAny(byte[] bytes, int from, int to, byte a, byte b, byte c, byte d) {
        long pa = ONES * (a & 0xFF);
        long pb = ONES * (b & 0xFF);
        long pc = ONES * (c & 0xFF);
        long pd = ONES * (d & 0xFF);
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long word = (long) LONGS.get(bytes, i);
            long found = zeroByte(word ^ pa) | zeroByte(word ^ pb) | zeroByte(word ^ pc) | zeroByte(word ^ pd);
            if (found != 0) {
                // the lowest flagged byte is exact: a false flag only ever sits above a true one
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            byte x = bytes[i];
            if (x == a || x == b || x == c || x == d) {
                return i;
            }
        }
        return -1;
    }

    /** The high bit set in each byte of {@code x} that is zero (and possibly in bytes above one that is). */
    private static long zeroByte(long x) {
        return (x - ONES) & ~x & HIGHS;
    }
}
