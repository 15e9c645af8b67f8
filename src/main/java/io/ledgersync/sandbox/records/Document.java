package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * What invoices, credit notes and bills have in common: a number, the customer or supplier, the issue date, the
 * change dates, the currency, the lines with their sums, and the payments allocated to it. Amounts in cents.
 *
 * @param counterparty the customer (invoices, credit notes) or supplier (bills) it names
 */
record Document(
        String id,
        String number,
        Reference counterparty,
        LocalDate issueDate,
        ChangeDates changed,
        String currency,
        long currencyRateScale4,
        Lines lines,
        List<PaymentAllocation> paymentAllocations,
        String note,
        boolean deleted) {

    /**
     * The same document as changed by the platform at {@code when}: new change dates, an amended note, its last two
     * lines merged into one ({@link Lines#amended()}), as a bookkeeper tidying it would: the sums stay, a line goes;
     * and {@code metadata.isDeleted} when the change deleted it.
     */
    Document revised(Instant when, int revision, boolean nowDeleted) {
        return new Document(id, number, counterparty, issueDate, new ChangeDates(when, when), currency,
                currencyRateScale4, lines.amended(), paymentAllocations, "Amended (revision " + revision + ").",
                deleted || nowDeleted);
    }

    Instant modifiedDate() {
        return changed.modified();
    }

    Instant sourceModifiedDate() {
        return changed.sourceModified();
    }
}
