package io.ledgersync.sandbox.records;

import java.time.LocalDate;

/**
 * An {@code AccountingPaymentAllocation}: a payment and how much of it went to the record that lists it. Each
 * payment here pays that one record, so the payment's total is the amount allocated.
 */
record PaymentAllocation(
        String paymentId,
        String note,
        String reference,
        Reference account,
        String currency,
        long currencyRateScale4,
        LocalDate paidOnDate,
        long totalCents) {
}
