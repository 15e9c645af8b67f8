package io.ledgersync.sandbox.records;

import java.time.Instant;

/**
 * A supplier in the shape of the {@code AccountingSupplier} schema: the same suppliers that bills name in
 * {@code supplierRef}, with one billing address.
 */
record Supplier(String id, String supplierName, String defaultCurrency, Party party) {

    Supplier revised(Instant when, int revision, boolean nowDeleted) {
        return new Supplier(id, supplierName, defaultCurrency, party.revised(when, revision, nowDeleted));
    }
}
