package io.ledgersync.sandbox.data;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * A bill in the shape of the {@code AccountingBill} schema: what the company owes a supplier. Amounts in cents.
 * {@code subTotal = Σ line subTotal}, {@code totalAmount = subTotal + taxAmount}, {@code Paid} and {@code Void} mean
 * {@code amountDue == 0}, and the payment allocations add up to {@code totalAmount - amountDue} (none when Void).
 */
record Bill(
        String id,
        String reference,
        Reference supplier,
        LocalDate issueDate,
        LocalDate dueDate,
        Instant modifiedDate,
        Instant sourceModifiedDate,
        String currency,
        long currencyRateScale4,
        List<LineItem> lineItems,
        List<PaymentAllocation> paymentAllocations,
        BillStatus status,
        long subTotalCents,
        long taxCents,
        long totalCents,
        long amountDueCents,
        String note,
        boolean deleted) {

    /** The {@code billStatus} enum of the schema, in its order. */
    enum BillStatus { Unknown, Open, PartiallyPaid, Paid, Void, Draft }

    Bill revised(Instant when, int revision) {
        return new Bill(id, reference, supplier, issueDate, dueDate, when, when, currency, currencyRateScale4,
                lineItems, paymentAllocations, status, subTotalCents, taxCents, totalCents, amountDueCents,
                "Amended (revision " + revision + ").", deleted);
    }
}
