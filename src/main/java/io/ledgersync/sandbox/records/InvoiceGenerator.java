package io.ledgersync.sandbox.records;

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
        LocalDate issueDate = ledger.asOf().minusDays(random.between(1, 540));
        LocalDate dueDate = issueDate.plusDays(random.pick(PAYMENT_TERMS_DAYS));
        InvoiceStatus status = DocumentStatus.draw(random, InvoiceStatus.values());
        Settlement settlement = status.settlement();
        Lines lines = Lines.sales(ledger, company.index(), random);
        long amountDue = settlement.open(lines.totalCents(), random);
        LocalDate lastPayment = settlement.lastPayment(random, issueDate, settlement == Settlement.FULL ? 75 : 60, ledger.asOf());
        ChangeDates changed = ChangeDates.after(random, lastPayment != null ? lastPayment : issueDate, ledger.asOf());
        String currency = random.percent(12) ? random.pick(OTHER_CURRENCIES) : company.baseCurrency();
        long rate = currency.equals(company.baseCurrency()) ? 10_000 : random.between(6_000, 16_000);
        String note = random.percent(30) ? random.pick(NOTES) : null;
        boolean deleted = random.percent(2);
        String number = "INV-" + String.format("%06d", index + 1);
        List<PaymentAllocation> allocations = settlement.allocations(ledger, company.index(),
                new SeededRandom(ledger.seed(), SeededRandom.PAYMENT, SeededRandom.INVOICE, company.index(), index),
                lines.totalCents(), amountDue, issueDate, lastPayment, currency, rate, number);
        Document document = new Document(id, number, customer, issueDate, changed, currency, rate, lines,
                allocations, note, deleted);
        return new Invoice(document, dueDate, settlement == Settlement.FULL ? lastPayment : null, amountDue, status);
    }
}
