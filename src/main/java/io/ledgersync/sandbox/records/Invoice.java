package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.time.LocalDate;

/**
 * An invoice in the shape of the {@code AccountingInvoice} schema.
 *
 * <p>The sums hold exactly: {@code subTotal = Σ line subTotal}, {@code totalAmount = subTotal + totalTaxAmount},
 * {@code Paid} means {@code amountDue == 0}, and the payment allocations add up to {@code totalAmount - amountDue}
 * (none on a Void invoice, whose balance was written off).
 */
record Invoice(Document document, LocalDate dueDate, LocalDate paidOnDate, long amountDueCents,
        InvoiceStatus status) {

    Invoice revised(Instant when, int revision, boolean nowDeleted) {
        return new Invoice(document.revised(when, revision, nowDeleted), dueDate, paidOnDate, amountDueCents, status);
    }
}
