package io.ledgersync.sandbox.records;

/**
 * One line of an invoice, a credit note or a bill; {@code subTotal} is after discount and before tax, and
 * {@code totalAmount = subTotal + taxAmount} exactly.
 */
record LineItem(
        String description,
        long unitAmountCents,
        int quantity,
        long discountAmountCents,
        long discountPercentage,
        long subTotalCents,
        long taxAmountCents,
        long totalCents,
        Reference account,
        Reference taxRate,
        long effectiveTaxRate,
        Reference item) {
}
