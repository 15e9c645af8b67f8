package io.ledgersync.sandbox.records;

import java.time.LocalDate;
import java.util.List;

/**
 * How much of a document (invoice, credit note, bill) has been settled, which each status implies: nothing yet,
 * part, all, or nothing because it was written off (Void). One home for the rules the three share: what is still
 * open, when it was last paid, and the allocations adding up to what was paid.
 */
enum Settlement {
    NONE, PARTIAL, FULL, WRITTEN_OFF;

    /** What is still open of {@code total}: all of it, a random part, or nothing. */
    long open(long total, SeededRandom random) {
        return switch (this) {
            case NONE -> total;
            case PARTIAL -> random.between(1, total - 1);
            case FULL, WRITTEN_OFF -> 0;
        };
    }

    /** When the last payment was made, within {@code maxDays} of issue and before {@code asOf}; null when nothing was paid. */
    LocalDate lastPayment(SeededRandom random, LocalDate issued, int maxDays, LocalDate asOf) {
        return this == PARTIAL || this == FULL ? ChangeDates.settledAfter(random, issued, maxDays, asOf) : null;
    }

    /** The allocations of what was paid, {@code total - open}, drawn from the document's own payment stream. */
    List<PaymentAllocation> allocations(Ledger ledger, int companyIndex, SeededRandom payments, long total, long open,
            LocalDate issued, LocalDate lastPayment, String currency, long rateScale4, String reference) {
        long paid = this == WRITTEN_OFF ? 0 : total - open;
        return Payments.allocations(ledger, companyIndex, payments, paid, issued, lastPayment, currency, rateScale4,
                reference);
    }
}
