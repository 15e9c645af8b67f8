package io.ledgersync.warehouse.history;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link RawHash}'s canonical text written by a hand-made scan of the record's bytes, for the usual record: keys in
 * ASCII, strings without escapes, valid UTF-8. Byte for byte the text the parser's way writes ({@code RawHashTests}),
 * at a fraction of its cost: no token objects, no String per key, no BigDecimal per plain number (a first sync hashes
 * every record it writes; the parser's way was the largest part of the client's CPU in W1: issue 28). Anything else,
 * including JSON the parser would refuse, makes {@link #write} answer false, and the caller takes the parser's way,
 * which also fails as before on broken JSON. Not thread-safe: one per thread, reused record after record.
 */
final class ByteCanonical {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long SPACES = 0x2020202020202020L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';
    private static final byte QUOTE = '"';
    private static final byte BACKSLASH = '\\';

    private byte[] in;
    private int at;
    /** The canonical text so far: {@code bytes[0, length)}. */
    byte[] bytes = new byte[8192];
    int length;
    /** The open objects' members, four ints each: key's start and end in the input, text's start and end in the output. */
    private int[] members = new int[256];
    /** Each member's key's first eight bytes, big-endian, zeros after a shorter key: most keys differ in them. */
    private long[] prefixes = new long[64];
    private int memberCount;
    private byte[] scratch = new byte[8192];
    private byte[] digits = new byte[64];
    /** The UTF-16 length of the string {@link #stringEnd} last found. */
    private int stringChars;

    /** Writes the record's canonical text into {@link #bytes}; false, with the text undefined, when it is not a usual record. */
    boolean write(byte[] json) {
        in = json;
        at = 0;
        length = 0;
        memberCount = 0;
        skipWhitespace();
        boolean written = value();
        skipWhitespace();
        in = null;
        return written && at == json.length;
    }

    private boolean value() {
        if (at >= in.length) {
            return false;
        }
        byte b = in[at];
        switch (b) {
            case '{':
                return object();
            case '[':
                return array();
            case '"': {
                int from = at + 1;
                int to = stringEnd(from);
                if (to < 0) {
                    return false;
                }
                quote(from, to, stringChars);
                at = to + 1;
                return true;
            }
            case 't':
                return literal("true");
            case 'f':
                return literal("false");
            case 'n':
                return literal("null");
            default:
                return (b == '-' || (b >= '0' && b <= '9')) && number();
        }
    }

    private boolean object() {
        at++;
        put('{');
        int start = length;
        int base = memberCount;
        boolean ordered = true;
        skipWhitespace();
        if (take('}')) {
            put('}');
            return true;
        }
        while (true) {
            if (at >= in.length || in[at] != '"') {
                return false;
            }
            int keyFrom = at + 1;
            int keyTo = stringEnd(keyFrom);
            if (keyTo < 0 || stringChars != keyTo - keyFrom) { // a char per byte: ASCII
                return false; // keys outside ASCII sort by UTF-16 units, not bytes: the parser's way orders them
            }
            at = keyTo + 1;
            int from = length;
            long prefix = prefix(keyFrom, keyTo);
            quote(keyFrom, keyTo, keyTo - keyFrom);
            put(':');
            skipWhitespace();
            if (at >= in.length || in[at] != ':') {
                return false;
            }
            at++;
            skipWhitespace();
            if (!value()) {
                return false;
            }
            put(',');
            if (memberCount > base && compareKeys(memberCount - 1, prefix, keyFrom, keyTo) >= 0) {
                ordered = false;
            }
            push(prefix, keyFrom, keyTo, from, length);
            skipWhitespace();
            if (take(',')) {
                skipWhitespace();
                continue;
            }
            if (take('}')) {
                break;
            }
            return false;
        }
        if (!ordered) {
            reorder(start, base);
        }
        memberCount = base;
        put('}');
        return true;
    }

    private boolean array() {
        at++;
        put('[');
        skipWhitespace();
        if (take(']')) {
            put(']');
            return true;
        }
        while (true) {
            if (!value()) {
                return false;
            }
            put(',');
            skipWhitespace();
            if (take(',')) {
                skipWhitespace();
                continue;
            }
            if (take(']')) {
                put(']');
                return true;
            }
            return false;
        }
    }

    /**
     * A number as {@code BigDecimal.stripTrailingZeros().toString()} prints it ({@code 0} for zero): plain ones
     * ({@code -12.50}) from their digits, others (an exponent) through a BigDecimal, as the parser's way does.
     */
    private boolean number() {
        int from = at;
        boolean negative = in[at] == '-';
        if (negative) {
            at++;
        }
        int intFrom = at;
        while (at < in.length && in[at] >= '0' && in[at] <= '9') {
            at++;
        }
        int intTo = at;
        if (intTo == intFrom || (in[intFrom] == '0' && intTo - intFrom > 1)) {
            return false; // no digit, or a leading zero the parser refuses
        }
        int fracFrom = intTo;
        int fracTo = intTo;
        if (take('.')) {
            fracFrom = at;
            while (at < in.length && in[at] >= '0' && in[at] <= '9') {
                at++;
            }
            fracTo = at;
            if (fracTo == fracFrom) {
                return false;
            }
        }
        if (at < in.length && (in[at] == 'e' || in[at] == 'E')) {
            at++;
            if (at < in.length && (in[at] == '+' || in[at] == '-')) {
                at++;
            }
            int expFrom = at;
            while (at < in.length && in[at] >= '0' && in[at] <= '9') {
                at++;
            }
            if (at == expFrom) {
                return false;
            }
            BigDecimal value = new BigDecimal(new String(in, from, at - from, StandardCharsets.ISO_8859_1));
            ascii(value.signum() == 0 ? "0" : value.stripTrailingZeros().toString());
            return true;
        }
        plainNumber(negative, intFrom, intTo, fracFrom, fracTo);
        return true;
    }

    /** BigDecimal's toString of the stripped value, from the digits: its layout rules, without the object. */
    private void plainNumber(boolean negative, int intFrom, int intTo, int fracFrom, int fracTo) {
        int count = 0;
        ensureDigits(intTo - intFrom + fracTo - fracFrom);
        for (int i = intFrom; i < intTo; i++) {
            if (count > 0 || in[i] != '0') {
                digits[count++] = in[i];
            }
        }
        int scale = fracTo - fracFrom;
        for (int i = fracFrom; i < fracTo; i++) {
            if (count > 0 || in[i] != '0') {
                digits[count++] = in[i];
            }
        }
        while (count > 0 && digits[count - 1] == '0') {
            count--;
            scale--;
        }
        if (count == 0) {
            put('0');
            return;
        }
        if (negative) {
            put('-');
        }
        long adjusted = -(long) scale + (count - 1);
        ensure(count + 32);
        if (scale == 0) {
            append(digits, 0, count);
        } else if (scale > 0 && adjusted >= -6) {
            int pad = scale - count;
            if (pad >= 0) {
                put('0');
                put('.');
                for (int i = 0; i < pad; i++) {
                    put('0');
                }
                append(digits, 0, count);
            } else {
                append(digits, 0, -pad);
                put('.');
                append(digits, -pad, count);
            }
        } else {
            put((char) digits[0]);
            if (count > 1) {
                put('.');
                append(digits, 1, count);
            }
            put('E');
            if (adjusted > 0) {
                put('+');
            }
            ascii(Long.toString(adjusted));
        }
    }

    /**
     * Where the string that begins at {@code from} ends (its closing quote), its length in UTF-16 chars left in
     * {@link #stringChars} (a character beyond the BMP counts two, as a Java String has it); -1 for a string the parser's
     * way writes otherwise: one with an escape, a control character (JSON allows them only escaped: the parser refuses
     * them), or bytes that are not valid UTF-8 (which the parser turns into other text). One pass, eight bytes at a time
     * where they are plain text: finding the end and measuring were two passes over every string of every record
     * (issue 28).
     */
    private int stringEnd(int from) {
        byte[] in = this.in; // locals: C1 reloads a field at every use
        int end = in.length;
        int chars = 0;
        int i = from;
        while (i < end) {
            if (i + Long.BYTES <= end && plainText((long) LONGS.get(in, i))) {
                i += Long.BYTES;
                chars += Long.BYTES;
                continue;
            }
            int b = in[i] & 0xFF;
            if (b == QUOTE) {
                stringChars = chars;
                return i;
            }
            if (b == BACKSLASH || b < 0x20) {
                return -1;
            }
            if (b < 0x80) {
                i++;
                chars++;
                continue;
            }
            int more = utf8Continuations(i, b);
            if (more < 0) {
                return -1;
            }
            chars += more == 3 ? 2 : 1; // four bytes: a character beyond the BMP, a surrogate pair in UTF-16
            i += more + 1;
        }
        return -1;
    }

    /**
     * How many continuation bytes follow the lead byte {@code b} at {@code i} in a valid UTF-8 character; -1 when it is
     * not one: a bad lead or continuation byte, an overlong form, beyond Unicode, a surrogate, or cut off by the input's
     * end. A continuation byte is never a quote, so a character never runs over the string's end.
     */
    private int utf8Continuations(int i, int b) {
        byte[] in = this.in;
        int more;
        int min;
        if (b >= 0xC2 && b <= 0xDF) {
            more = 1;
            min = 0x80;
        } else if (b >= 0xE0 && b <= 0xEF) {
            more = 2;
            min = 0x800;
        } else if (b >= 0xF0 && b <= 0xF4) {
            more = 3;
            min = 0x10000;
        } else {
            return -1;
        }
        if (i + more >= in.length) {
            return -1;
        }
        int codePoint = b & (0x3F >> more);
        for (int k = 1; k <= more; k++) {
            int c = in[i + k] & 0xFF;
            if ((c & 0xC0) != 0x80) {
                return -1;
            }
            codePoint = (codePoint << 6) | (c & 0x3F);
        }
        if (codePoint < min || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF)) {
            return -1; // overlong, beyond Unicode, or a surrogate
        }
        return more;
    }

    /** Whether all eight bytes are plain text in a string: printable ASCII, no quote, no backslash. */
    private static boolean plainText(long word) {
        return printableAscii(word) && zeroByte(word ^ QUOTES) == 0 && zeroByte(word ^ BACKSLASHES) == 0;
    }

    /** Nonzero when a byte of {@code x} is zero. */
    private static long zeroByte(long x) {
        return (x - ONES) & ~x & HIGHS;
    }

    /** Whether all eight bytes are ASCII and none a control character (below 0x20). */
    private static boolean printableAscii(long word) {
        // a byte below 0x20 borrows in the subtraction and sets its high bit (a borrow only ever flags bytes above it)
        return ((word | (word - SPACES)) & HIGHS) == 0;
    }

    /** A string as the canonical text has it: its UTF-16 length, a quote, its UTF-8 bytes (no closing quote). */
    private void quote(int from, int to, int utf16Length) {
        digits(utf16Length);
        put('"');
        ensure(to - from);
        append(in, from, to);
    }

    private boolean literal(String word) {
        int n = word.length();
        if (at + n > in.length) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (in[at + i] != word.charAt(i)) {
                return false;
            }
        }
        at += n;
        ascii(word);
        return true;
    }

    private void push(long prefix, int keyFrom, int keyTo, int from, int to) {
        if (4 * memberCount + 4 > members.length) {
            members = Arrays.copyOf(members, members.length * 2);
            prefixes = Arrays.copyOf(prefixes, prefixes.length * 2);
        }
        prefixes[memberCount] = prefix;
        int m = 4 * memberCount++;
        members[m] = keyFrom;
        members[m + 1] = keyTo;
        members[m + 2] = from;
        members[m + 3] = to;
    }

    /**
     * The member's key against a key in the input, as String.compareTo orders them, the keys being ASCII: by their
     * prefixes, then by their bytes when those are equal (no key holds a NUL, so a shorter key's zeros sort it first).
     */
    private int compareKeys(int member, long prefix, int keyFrom, int keyTo) {
        int byPrefix = Long.compareUnsigned(prefixes[member], prefix);
        if (byPrefix != 0) {
            return byPrefix;
        }
        int m = 4 * member;
        return Arrays.compare(in, members[m], members[m + 1], in, keyFrom, keyTo);
    }

    private long prefix(int keyFrom, int keyTo) {
        long prefix = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            prefix = (prefix << 8) | (keyFrom + i < keyTo ? in[keyFrom + i] & 0xFF : 0);
        }
        return prefix;
    }

    /** Rewrites the object's members from {@code start} sorted by key (stable), each key once with its last value. */
    private void reorder(int start, int base) {
        int count = memberCount - base;
        int written = length - start;
        if (scratch.length < written) {
            scratch = new byte[Math.max(2 * scratch.length, written)];
        }
        System.arraycopy(bytes, start, scratch, 0, written);
        int[] order = new int[count];
        for (int i = 0; i < count; i++) {
            order[i] = base + i;
        }
        for (int i = 1; i < count; i++) { // insertion sort: stable, and objects are small
            int member = order[i];
            int j = i - 1;
            while (j >= 0 && compareMembers(order[j], member) > 0) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = member;
        }
        length = start;
        for (int i = 0; i < count; i++) {
            if (i + 1 < count && compareMembers(order[i + 1], order[i]) == 0) {
                continue; // a key given twice: the later one, next in the stable order, is kept
            }
            int m = 4 * order[i];
            System.arraycopy(scratch, members[m + 2] - start, bytes, length, members[m + 3] - members[m + 2]);
            length += members[m + 3] - members[m + 2];
        }
    }

    private int compareMembers(int a, int b) {
        int m = 4 * b;
        return compareKeys(a, prefixes[b], members[m], members[m + 1]);
    }

    /**
     * Small enough for C1 to inline (a sync runs on C1 only: bin/ledgersync), and most calls meet no whitespace: the
     * usual record is compact. Where it is not, the loop is a call away.
     */
    private void skipWhitespace() {
        if (at < in.length && in[at] > ' ') {
            return;
        }
        skipSpaces();
    }

    private void skipSpaces() {
        byte[] in = this.in; // locals: C1 reloads a field at every use
        int i = at;
        while (i < in.length) {
            byte b = in[i];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                break;
            }
            i++;
        }
        at = i;
    }

    /** Steps over {@code b} if it comes next. */
    private boolean take(char b) {
        if (at < in.length && in[at] == b) {
            at++;
            return true;
        }
        return false;
    }

    /** A count's decimal digits, as Integer.toString prints it, without the String. */
    private void digits(int count) {
        int n = 1;
        for (int bound = 10; n < 10 && count >= bound; bound *= 10) {
            n++;
        }
        ensure(n);
        for (int i = length + n - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + count % 10);
            count /= 10;
        }
        length += n;
    }

    private void ascii(String text) {
        int n = text.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            bytes[length++] = (byte) text.charAt(i);
        }
    }

    private void put(char c) {
        ensure(1);
        bytes[length++] = (byte) c;
    }

    private void append(byte[] source, int from, int to) {
        ensure(to - from);
        System.arraycopy(source, from, bytes, length, to - from);
        length += to - from;
    }

    /** Small enough for C1 to inline; the growing, rare, is a call away. */
    private void ensure(int more) {
        if (length + more > bytes.length) {
            grow(more);
        }
    }

    private void grow(int more) {
        bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + more));
    }

    private void ensureDigits(int n) {
        if (digits.length < n) {
            digits = new byte[Math.max(2 * digits.length, n)];
        }
    }
}
