package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.time.LocalDate;

/**
 * A bill in the shape of the {@code AccountingBill} schema: what the company owes a supplier, whose own invoice
 * number is the document's {@code reference}. {@code subTotal = Σ line subTotal}, {@code totalAmount = subTotal +
 * taxAmount}, {@code Paid} and {@code Void} mean {@code amountDue == 0}, and the payment allocations add up to
 * {@code totalAmount - amountDue} (none when Void).
 */
record Bill(Document document, LocalDate dueDate, long amountDueCents, BillStatus status) {

    /** The {@code billStatus} enum of the schema, in its order; as often as in a live purchase ledger. */
    enum BillStatus implements DocumentStatus {
        Unknown(new Odds(Settlement.NONE, 3)),
        Open(new Odds(Settlement.NONE, 27)),
        PartiallyPaid(new Odds(Settlement.PARTIAL, 12)),
        Paid(new Odds(Settlement.FULL, 48)),
        Void(new Odds(Settlement.WRITTEN_OFF, 4)),
        Draft(new Odds(Settlement.NONE, 6));

        private final Odds odds;

        BillStatus(Odds odds) {
            this.odds = odds;
        }

        @Override
        public Odds odds() {
            return odds;
        }
    }

    Bill revised(Instant when, int revision, boolean nowDeleted) {
        return new Bill(document.revised(when, revision, nowDeleted), dueDate, amountDueCents, status);
    }
}
