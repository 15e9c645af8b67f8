package io.ledgersync.sandbox.records;

import java.time.Instant;

/**
 * A customer in the shape of the {@code AccountingCustomer} schema: the same customers that invoices and credit
 * notes name in {@code customerRef}, with one billing address.
 */
record Customer(String id, String customerName, String defaultCurrency, Party party) {

    Customer revised(Instant when, int revision, boolean nowDeleted) {
        return new Customer(id, customerName, defaultCurrency, party.revised(when, revision, nowDeleted));
    }
}
