package io.ledgersync.sandbox.data;

import java.time.LocalDate;
import java.util.List;

/** Makes invoice {@code index} of a company; a pure function of (seed, company index, invoice index). */
final class InvoiceGenerator implements RecordGenerator<Invoice> {

    private static final List<String> OTHER_CURRENCIES = List.of("GBP", "USD", "EUR");
    private static final List<Integer> PAYMENT_TERMS_DAYS = List.of(7, 14, 30, 30, 30, 45, 60);
    private static final List<String> NOTES = List.of(
            "Thank you for your business.", "Payment by bank transfer, please quote the invoice number.",
            "Goods remain our property until paid in full.");

    private final Ledger ledger;

    InvoiceGenerator(Ledger ledger) {
        this.ledger = ledger;
    }

    @Override
    public Invoice generate(Company company, int index) {
        SeededRandom random = new SeededRandom(ledger.seed(), SeededRandom.INVOICE, company.index(), index);
        String id = random.uuid();
        Reference customer = ledger.anyCustomer(company.index(), random);
        LocalDate issueDate = DateTimes.AS_OF_DATE.minusDays(random.between(1, 540));
        LocalDate dueDate = issueDate.plusDays(random.pick(PAYMENT_TERMS_DAYS));
        InvoiceStatus status = status(random);
        Lines lines = Lines.sales(ledger, company.index(), random);
        long total = lines.totalCents();
        long amountDue = switch (status) {
            case Paid, Void -> 0;
            case PartiallyPaid -> random.between(1, total - 1);
            case Unknown, Draft, Submitted -> total;
        };
        LocalDate paidOnDate = status == InvoiceStatus.Paid ? ChangeDates.settledAfter(random, issueDate, 75) : null;
        LocalDate lastPayment = paidOnDate != null ? paidOnDate
                : status == InvoiceStatus.PartiallyPaid ? ChangeDates.settledAfter(random, issueDate, 60) : null;
        ChangeDates changed = ChangeDates.after(random, lastPayment != null ? lastPayment : issueDate);

        boolean foreign = random.percent(12);
        String currency = foreign ? random.pick(OTHER_CURRENCIES) : company.baseCurrency();
        long rate = currency.equals(company.baseCurrency()) ? 10_000 : random.between(6_000, 16_000);
        String note = random.percent(30) ? random.pick(NOTES) : null;
        boolean deleted = random.percent(2);
        String number = "INV-" + String.format("%06d", index + 1);
        // A Void invoice's balance was written off, not paid: it has no allocations.
        long settled = status == InvoiceStatus.Void ? 0 : total - amountDue;
        List<PaymentAllocation> allocations = Payments.allocations(ledger, company.index(),
                new SeededRandom(ledger.seed(), SeededRandom.PAYMENT, SeededRandom.INVOICE, company.index(), index),
                settled, issueDate, lastPayment, currency, rate, number);

        return new Invoice(id, number, customer, issueDate, dueDate, paidOnDate, changed.modified(),
                changed.sourceModified(), currency, rate, lines.items(), allocations, lines.discountCents(),
                lines.subTotalCents(), lines.taxCents(), total, amountDue, lines.discountPercentageScale2(), status,
                note, deleted);
    }

    /** Roughly a live sales ledger: mostly paid or open, a few drafts, voids and unknowns. */
    private static InvoiceStatus status(SeededRandom random) {
        int roll = random.nextInt(100);
        if (roll < 45) {
            return InvoiceStatus.Paid;
        } else if (roll < 70) {
            return InvoiceStatus.Submitted;
        } else if (roll < 82) {
            return InvoiceStatus.PartiallyPaid;
        } else if (roll < 90) {
            return InvoiceStatus.Draft;
        } else if (roll < 95) {
            return InvoiceStatus.Void;
        }
        return InvoiceStatus.Unknown;
    }
}
