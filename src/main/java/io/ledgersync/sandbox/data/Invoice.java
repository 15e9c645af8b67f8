package io.ledgersync.sandbox.data;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An invoice in the shape of the {@code AccountingInvoice} schema; amounts are in cents, rates at scale 4.
 *
 * <p>The sums hold exactly: {@code subTotal = Σ line subTotal}, {@code totalAmount = subTotal + totalTaxAmount},
 * and {@code Paid} means {@code amountDue == 0}.
 */
record Invoice(
        String id,
        String invoiceNumber,
        Reference customer,
        LocalDate issueDate,
        LocalDate dueDate,
        LocalDate paidOnDate,
        Instant modifiedDate,
        Instant sourceModifiedDate,
        String currency,
        long currencyRateScale4,
        List<LineItem> lineItems,
        long totalDiscountCents,
        long subTotalCents,
        long totalTaxCents,
        long totalCents,
        long amountDueCents,
        long discountPercentageCents,
        InvoiceStatus status,
        String note,
        boolean deleted) {

    /** The same invoice as changed by the platform at {@code when}: a new modifiedDate and an amended note. */
    Invoice revised(Instant when, int revision) {
        return new Invoice(id, invoiceNumber, customer, issueDate, dueDate, paidOnDate, when, when, currency,
                currencyRateScale4, lineItems, totalDiscountCents, subTotalCents, totalTaxCents, totalCents,
                amountDueCents, discountPercentageCents, status, "Amended (revision " + revision + ").", deleted);
    }

    /** An {@code {id, name}} reference to another record of the company (customer, item, account, tax rate). */
    record Reference(String id, String name) {
    }

    /** One line of the invoice; {@code subTotal} is after discount and before tax. */
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
}
