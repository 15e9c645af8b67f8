package io.ledgersync.sandbox.records;

import java.time.LocalDate;
import java.util.List;

/** Makes credit note {@code index} of a company; a pure function of (seed, company index, index). */
final class CreditNoteGenerator implements RecordGenerator<CreditNote> {

    private static final List<String> NOTES = List.of("Goods returned damaged.", "Overcharge on the last invoice.",
            "Goodwill credit agreed with the account manager.", "Cancelled order, refunded.");

    private final Ledger ledger;

    CreditNoteGenerator(Ledger ledger) {
        this.ledger = ledger;
    }

    @Override
    public CreditNote generate(Company company, int index) {
        SeededRandom random = new SeededRandom(ledger.seed(), SeededRandom.CREDIT_NOTE, company.index(), index);
        String id = random.uuid();
        Reference customer = ledger.anyCustomer(company.index(), random);
        LocalDate issueDate = ledger.asOf().minusDays(random.between(1, 540));
        CreditNote.CreditNoteStatus status = DocumentStatus.draw(random, CreditNote.CreditNoteStatus.values());
        Settlement settlement = status.settlement();
        Lines lines = Lines.sales(ledger, company.index(), random);
        long remaining = settlement.open(lines.totalCents(), random);
        LocalDate lastAllocation = settlement.lastPayment(random, issueDate, 90, ledger.asOf());
        ChangeDates changed = ChangeDates.after(random, lastAllocation != null ? lastAllocation : issueDate, ledger.asOf());
        String note = random.percent(60) ? random.pick(NOTES) : null;
        boolean deleted = random.percent(2);
        String number = "CN-" + String.format("%06d", index + 1);
        String currency = company.baseCurrency();
        List<PaymentAllocation> allocations = settlement.allocations(ledger, company.index(),
                new SeededRandom(ledger.seed(), SeededRandom.PAYMENT, SeededRandom.CREDIT_NOTE, company.index(),
                        index),
                lines.totalCents(), remaining, issueDate, lastAllocation, currency, 10_000, number);
        Document document = new Document(id, number, customer, issueDate, changed, currency, 10_000, lines,
                allocations, note, deleted);
        return new CreditNote(document, settlement == Settlement.FULL ? lastAllocation : null, remaining, status);
    }
}
