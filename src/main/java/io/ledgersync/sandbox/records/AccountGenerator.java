package io.ledgersync.sandbox.records;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * Makes account {@code index} of a company's chart, a pure function of (seed, company index, index): the account
 * line items and payments name with the same index (same id and name).
 */
final class AccountGenerator implements RecordGenerator<LedgerAccount> {

    private static final Set<String> CREDIT_BALANCES = Set.of("Income", "Liability", "Equity");

    private final Ledger ledger;

    AccountGenerator(Ledger ledger) {
        this.ledger = ledger;
    }

    @Override
    public LedgerAccount generate(Company company, int index) {
        ChartOfAccounts.Entry entry = ChartOfAccounts.entry(index);
        SeededRandom random = new SeededRandom(ledger.seed(), SeededRandom.ACCOUNT_DETAIL, company.index(), index);
        long balance = random.between(0, 5_000_000_00L);
        Instant modified = DateTimes.instant(ledger.asOf()).minusSeconds(random.between(3_600, Duration.ofDays(700).toSeconds()));
        Instant sourceModified = random.percent(80) ? modified.minusSeconds(random.between(60, 86_400)) : null;
        // The standard chart is in use; some of the sub-accounts added later were archived again.
        String status = index >= ChartOfAccounts.STANDARD.size() && random.percent(25) ? "Archived" : "Active";
        return new LedgerAccount(ledger.accountId(company.index(), index), entry, company.baseCurrency(),
                CREDIT_BALANCES.contains(entry.type()) ? -balance : balance, status, modified, sourceModified,
                false);
    }
}
