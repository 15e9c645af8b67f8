package io.ledgersync.sandbox.data;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * A credit note issued to a customer, in the shape of the platform's {@code CreditNote} (accounts receivable; the
 * contract files carry only the payable {@code AccountingBillCreditNote}, so its lines and allocations reuse the
 * invoice's schemas, as the platform's own do). {@code remainingCredit} is what is not yet allocated:
 * {@code Paid} and {@code Void} mean 0, and the allocations add up to {@code totalAmount - remainingCredit}.
 */
record CreditNote(
        String id,
        String creditNoteNumber,
        Reference customer,
        LocalDate issueDate,
        LocalDate allocatedOnDate,
        Instant modifiedDate,
        Instant sourceModifiedDate,
        String currency,
        long currencyRateScale4,
        List<LineItem> lineItems,
        List<PaymentAllocation> paymentAllocations,
        long totalDiscountCents,
        long subTotalCents,
        long totalTaxCents,
        long totalCents,
        long discountPercentageScale2,
        long remainingCreditCents,
        CreditNoteStatus status,
        String note,
        boolean deleted) {

    /** The {@code creditNoteStatus} enum of the platform, in its order. */
    enum CreditNoteStatus { Unknown, Draft, Submitted, Paid, Void, PartiallyPaid }

    CreditNote revised(Instant when, int revision) {
        return new CreditNote(id, creditNoteNumber, customer, issueDate, allocatedOnDate, when, when, currency,
                currencyRateScale4, lineItems, paymentAllocations, totalDiscountCents, subTotalCents, totalTaxCents,
                totalCents, discountPercentageScale2, remainingCreditCents, status,
                "Amended (revision " + revision + ").", deleted);
    }
}
