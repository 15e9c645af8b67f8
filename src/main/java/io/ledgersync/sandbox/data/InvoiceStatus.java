package io.ledgersync.sandbox.data;

/** The {@code invoiceStatus} enum of the schema, in its order. */
enum InvoiceStatus {
    Unknown,
    Draft,
    Submitted,
    PartiallyPaid,
    Paid,
    Void
}
