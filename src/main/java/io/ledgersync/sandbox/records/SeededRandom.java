package io.ledgersync.sandbox.records;

import java.util.List;
import java.util.UUID;

/**
 * A SplitMix64 stream keyed by (seed, kind, indices...).
 *
 * <p>Written out rather than using {@code SplittableRandom} so that the served bytes cannot change with the JDK:
 * a record is a pure function of its key, which lets any page be generated on demand without generating the pages
 * before it.
 */
public final class SeededRandom {

    // Kinds keep the streams of different things apart even when their indices coincide.
    public static final long COMPANY = 1;
    public static final long INVOICE = 2;
    public static final long CUSTOMER = 3;
    public static final long ITEM = 4;
    public static final long ACCOUNT = 5;
    public static final long TAX_RATE = 6;
    public static final long API_KEY = 7;
    public static final long FAULT = 8;
    public static final long CUSTOMER_DETAIL = 9;
    public static final long CREATED_COMPANY = 10;
    public static final long PAYMENT = 11;
    public static final long SUPPLIER = 12;
    public static final long SUPPLIER_DETAIL = 13;
    public static final long BILL = 14;
    public static final long CREDIT_NOTE = 15;
    public static final long ACCOUNT_DETAIL = 16;

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    public SeededRandom(long seed, long kind, long... indices) {
        long h = mix(seed + GOLDEN_GAMMA);
        h = mix(h ^ mix(kind + GOLDEN_GAMMA));
        for (long index : indices) {
            h = mix(h ^ mix(index + GOLDEN_GAMMA));
        }
        this.state = h;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** Uniform enough in [0, bound): the modulo bias of a 63-bit value is far below anything a test could see. */
    public int nextInt(int bound) {
        return (int) ((nextLong() >>> 1) % bound);
    }

    /** Uniform in [min, max], both inclusive. */
    long between(long min, long max) {
        return min + (nextLong() >>> 1) % (max - min + 1);
    }

    boolean percent(int chance) {
        return nextInt(100) < chance;
    }

    <T> T pick(List<T> choices) {
        return choices.get(nextInt(choices.size()));
    }

    /** A version-4-shaped UUID, so that it reads like the platform's ids and passes {@code format: uuid}. */
    public String uuid() {
        long msb = (nextLong() & ~0xF000L) | 0x4000L;
        long lsb = (nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb).toString();
    }
}
