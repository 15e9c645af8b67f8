package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.time.LocalDate;

/**
 * A credit note issued to a customer, in the shape of the platform's {@code CreditNote} (accounts receivable; the
 * contract files carry only the payable {@code AccountingBillCreditNote}, so its lines and allocations reuse the
 * invoice's schemas, as the platform's own do). {@code remainingCredit} is what is not yet allocated:
 * {@code Paid} and {@code Void} mean 0, and the allocations add up to {@code totalAmount - remainingCredit}
 * (none when Void); {@code allocatedOnDate} is set once Paid.
 */
record CreditNote(Document document, LocalDate allocatedOnDate, long remainingCreditCents, CreditNoteStatus status) {

    /**
     * The {@code creditNoteStatus} enum of the platform, in its order. Credit is "paid" once set against invoices or
     * refunded: most credit notes soon are, some wait.
     */
    enum CreditNoteStatus implements DocumentStatus {
        Unknown(new Odds(Settlement.NONE, 5)),
        Draft(new Odds(Settlement.NONE, 8)),
        Submitted(new Odds(Settlement.NONE, 25)),
        Paid(new Odds(Settlement.FULL, 45)),
        Void(new Odds(Settlement.WRITTEN_OFF, 5)),
        PartiallyPaid(new Odds(Settlement.PARTIAL, 12));

        private final Odds odds;

        CreditNoteStatus(Odds odds) {
            this.odds = odds;
        }

        @Override
        public Odds odds() {
            return odds;
        }
    }

    CreditNote revised(Instant when, int revision, boolean nowDeleted) {
        return new CreditNote(document.revised(when, revision, nowDeleted), allocatedOnDate, remainingCreditCents, status);
    }
}
