package io.ledgersync.sandbox.records;

/** An {@code AccountingAddress} of type Billing. */
record Address(String line1, String city, String region, String country, String postalCode) {
}
