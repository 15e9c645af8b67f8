package io.ledgersync.sandbox.records;

/** An {@code {id, name}} reference to another record of the company (customer, supplier, item, account, tax rate). */
record Reference(String id, String name) {
}
