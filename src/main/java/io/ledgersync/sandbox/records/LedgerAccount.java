package io.ledgersync.sandbox.records;

import java.time.Instant;

/**
 * An account of the chart of accounts in the shape of the {@code AccountingAccount} schema ({@code accounts}): the
 * accounts that line items and payments name in {@code accountRef}. {@code currentBalance} in cents, credit
 * balances (income, liabilities, equity) negative as the platform reports them.
 */
record LedgerAccount(
        String id,
        ChartOfAccounts.Entry entry,
        String currency,
        long currentBalanceCents,
        String status,
        Instant modifiedDate,
        Instant sourceModifiedDate,
        boolean deleted) {

    LedgerAccount revised(Instant when, int revision, boolean nowDeleted) {
        ChartOfAccounts.Entry renamed = new ChartOfAccounts.Entry(entry.nominalCode(), entry.name(), entry.type(),
                entry.category(), entry.bank(), entry.description() + " (rev " + revision + ")");
        return new LedgerAccount(id, renamed, currency, currentBalanceCents, status, when, when, deleted || nowDeleted);
    }
}
