package io.ledgersync.sandbox.data;

import java.time.Instant;
import java.time.LocalDate;

/**
 * A bill in the shape of the {@code AccountingBill} schema: what the company owes a supplier, whose own invoice
 * number is the document's {@code reference}. {@code subTotal = Σ line subTotal}, {@code totalAmount = subTotal +
 * taxAmount}, {@code Paid} and {@code Void} mean {@code amountDue == 0}, and the payment allocations add up to
 * {@code totalAmount - amountDue} (none when Void).
 */
record Bill(Document document, LocalDate dueDate, long amountDueCents, BillStatus status) {

    /** The {@code billStatus} enum of the schema, in its order. */
    enum BillStatus { Unknown, Open, PartiallyPaid, Paid, Void, Draft }

    Bill revised(Instant when, int revision) {
        return new Bill(document.revised(when, revision), dueDate, amountDueCents, status);
    }
}
