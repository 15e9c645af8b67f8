package io.ledgersync.sandbox.data;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An invoice in the shape of the {@code AccountingInvoice} schema; amounts are in cents, rates at scale 4.
 *
 * <p>The sums hold exactly: {@code subTotal = Σ line subTotal}, {@code totalAmount = subTotal + totalTaxAmount},
 * {@code Paid} means {@code amountDue == 0}, and the payment allocations add up to {@code totalAmount - amountDue}
 * (none on a Void invoice, whose balance was written off).
 */
record Invoice(
        String id,
        String invoiceNumber,
        Reference customer,
        LocalDate issueDate,
        LocalDate dueDate,
        LocalDate paidOnDate,
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
        long amountDueCents,
        long discountPercentageCents,
        InvoiceStatus status,
        String note,
        boolean deleted) {

    /** The same invoice as changed by the platform at {@code when}: a new modifiedDate and an amended note. */
    Invoice revised(Instant when, int revision) {
        return new Invoice(id, invoiceNumber, customer, issueDate, dueDate, paidOnDate, when, when, currency,
                currencyRateScale4, lineItems, paymentAllocations, totalDiscountCents, subTotalCents, totalTaxCents,
                totalCents, amountDueCents, discountPercentageCents, status, "Amended (revision " + revision + ").",
                deleted);
    }
}
