package io.ledgersync.sandbox.records;

import java.time.LocalDate;
import java.util.List;

/** Makes bill {@code index} of a company; a pure function of (seed, company index, bill index). */
final class BillGenerator implements RecordGenerator<Bill> {

    private static final List<Integer> PAYMENT_TERMS_DAYS = List.of(14, 30, 30, 30, 60);
    private static final List<String> NOTES = List.of("Pay by the due date to keep the early-payment discount.",
            "Approved by the office manager.", "Disputed line agreed by phone.");

    private final Ledger ledger;

    BillGenerator(Ledger ledger) {
        this.ledger = ledger;
    }

    @Override
    public Bill generate(Company company, int index) {
        SeededRandom random = new SeededRandom(ledger.seed(), SeededRandom.BILL, company.index(), index);
        String id = random.uuid();
        Reference supplier = ledger.anySupplier(company.index(), random);
        LocalDate issueDate = ledger.asOf().minusDays(random.between(1, 540));
        LocalDate dueDate = issueDate.plusDays(random.pick(PAYMENT_TERMS_DAYS));
        Bill.BillStatus status = DocumentStatus.draw(random, Bill.BillStatus.values());
        Settlement settlement = status.settlement();
        Lines lines = Lines.purchases(ledger, company.index(), random);
        long amountDue = settlement.open(lines.totalCents(), random);
        LocalDate lastPayment = settlement.lastPayment(random, issueDate, 60, ledger.asOf());
        ChangeDates changed = ChangeDates.after(random, lastPayment != null ? lastPayment : issueDate, ledger.asOf());
        // Suppliers bill in the company's currency, but for the odd import.
        String currency = random.percent(5) ? (company.baseCurrency().equals("USD") ? "EUR" : "USD")
                : company.baseCurrency();
        long rate = currency.equals(company.baseCurrency()) ? 10_000 : random.between(6_000, 16_000);
        String note = random.percent(20) ? random.pick(NOTES) : null;
        boolean deleted = random.percent(2);
        // The supplier's own invoice number: suppliers number their invoices, not the company.
        String reference = "SI-" + String.format("%05d", random.nextInt(100_000));
        List<PaymentAllocation> allocations = settlement.allocations(ledger, company.index(),
                new SeededRandom(ledger.seed(), SeededRandom.PAYMENT, SeededRandom.BILL, company.index(), index),
                lines.totalCents(), amountDue, issueDate, lastPayment, currency, rate, reference);
        Document document = new Document(id, reference, supplier, issueDate, changed, currency, rate, lines,
                allocations, note, deleted);
        return new Bill(document, dueDate, amountDue, status);
    }
}
