package io.ledgersync.sandbox.records;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The payment allocations of a document: the amount settled so far, split into one to three payments into or out
 * of the company's current account, dated between the document's issue and its last payment. A document with
 * nothing settled has none.
 */
final class Payments {

    private static final List<String> METHODS = List.of("Bank transfer", "Card", "Direct debit", "Cheque");

    private Payments() {
    }

    /**
     * Allocations adding up to exactly {@code settledCents}; the last is paid on {@code lastPaid}, the others
     * between {@code issued} and it. {@code random} is the document's own payment stream.
     */
    static List<PaymentAllocation> allocations(Ledger ledger, int companyIndex, SeededRandom random,
            long settledCents, LocalDate issued, LocalDate lastPaid, String currency, long rateScale4,
            String documentNumber) {
        if (settledCents <= 0) {
            return List.of();
        }
        int count = (int) Math.min(settledCents, random.percent(70) ? 1 : 2 + random.nextInt(2));
        List<PaymentAllocation> allocations = new ArrayList<>(count);
        long left = settledCents;
        LocalDate earliest = issued;
        Reference bank = ledger.account(companyIndex, ChartOfAccounts.CURRENT_ACCOUNT);
        for (int i = 0; i < count; i++) {
            boolean last = i == count - 1;
            // Every payment but the last leaves at least a cent for each one after it.
            long amount = last ? left : random.between(1, left - (count - 1 - i));
            left -= amount;
            LocalDate paid = last ? lastPaid : between(random, earliest, lastPaid);
            earliest = paid;
            String method = random.pick(METHODS);
            allocations.add(new PaymentAllocation(random.uuid(), method + " for " + documentNumber,
                    documentNumber, bank, currency, rateScale4, paid, amount));
        }
        return List.copyOf(allocations);
    }

    private static LocalDate between(SeededRandom random, LocalDate from, LocalDate to) {
        long days = Math.max(0, to.toEpochDay() - from.toEpochDay());
        return from.plusDays(random.between(0, days));
    }
}
