package io.ledgersync.sandbox.records;

import java.math.BigDecimal;

/** Fixed-scale decimals kept as longs: exact arithmetic on money without BigDecimal on the hot path. */
final class Decimals {

    private Decimals() {
    }

    /** {@code 12345} at scale 2 gives {@code "123.45"}; always exactly {@code scale} decimals. */
    static String format(long unscaled, int scale) {
        StringBuilder digits = new StringBuilder(Long.toString(Math.abs(unscaled)));
        while (digits.length() <= scale) {
            digits.insert(0, '0');
        }
        if (scale > 0) {
            digits.insert(digits.length() - scale, '.');
        }
        return unscaled < 0 ? "-" + digits : digits.toString();
    }

    static String money(long cents) {
        return format(cents, 2);
    }

    static BigDecimal decimal(long unscaled, int scale) {
        return BigDecimal.valueOf(unscaled, scale);
    }

    /** {@code value * percent / 100}, rounded half up, for non-negative values. */
    static long percentOf(long value, long percent) {
        return (value * percent + 50) / 100;
    }
}
