package io.ledgersync.sandbox;

import tools.jackson.core.JsonGenerator;

/**
 * Writes an invoice in the field order of the platform's own {@code AccountingInvoice} examples: amounts as numbers
 * with two decimals, rates with four, business dates without a zone, platform timestamps in UTC.
 */
final class InvoiceJson {

    private InvoiceJson() {
    }

    static void write(JsonGenerator g, Invoice invoice) {
        g.writeStartObject();
        g.writeStringProperty("id", invoice.id());
        g.writeStringProperty("invoiceNumber", invoice.invoiceNumber());
        g.writeObjectPropertyStart("customerRef");
        g.writeStringProperty("id", invoice.customer().id());
        g.writeStringProperty("companyName", invoice.customer().name());
        g.writeEndObject();
        g.writeArrayPropertyStart("salesOrderRefs");
        g.writeEndArray();
        g.writeStringProperty("issueDate", DateTimes.local(invoice.issueDate()));
        g.writeStringProperty("dueDate", DateTimes.local(invoice.dueDate()));
        g.writeStringProperty("modifiedDate", DateTimes.utc(invoice.modifiedDate()));
        JsonOutput.stringOrNull(g, "sourceModifiedDate",
                invoice.sourceModifiedDate() == null ? null : DateTimes.utc(invoice.sourceModifiedDate()));
        JsonOutput.stringOrNull(g, "paidOnDate",
                invoice.paidOnDate() == null ? null : DateTimes.local(invoice.paidOnDate()));
        g.writeStringProperty("currency", invoice.currency());
        g.writeName("currencyRate");
        g.writeNumber(Decimals.format(invoice.currencyRateScale4(), 4));
        g.writeArrayPropertyStart("lineItems");
        for (Invoice.LineItem line : invoice.lineItems()) {
            writeLine(g, line);
        }
        g.writeEndArray();
        // Allocations need the payments data set, which the sandbox does not serve yet: empty, as the platform says.
        g.writeArrayPropertyStart("paymentAllocations");
        g.writeEndArray();
        g.writeArrayPropertyStart("withholdingTax");
        g.writeEndArray();
        JsonOutput.money(g, "totalDiscount", invoice.totalDiscountCents());
        JsonOutput.money(g, "subTotal", invoice.subTotalCents());
        JsonOutput.money(g, "additionalTaxAmount", 0);
        JsonOutput.money(g, "additionalTaxPercentage", 0);
        JsonOutput.money(g, "totalTaxAmount", invoice.totalTaxCents());
        JsonOutput.money(g, "totalAmount", invoice.totalCents());
        JsonOutput.money(g, "amountDue", invoice.amountDueCents());
        JsonOutput.money(g, "discountPercentage", invoice.discountPercentageCents());
        g.writeStringProperty("status", invoice.status().name());
        JsonOutput.stringOrNull(g, "note", invoice.note());
        g.writeObjectPropertyStart("metadata");
        g.writeBooleanProperty("isDeleted", invoice.deleted());
        g.writeEndObject();
        g.writeObjectPropertyStart("supplementalData");
        g.writeNullProperty("content");
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void writeLine(JsonGenerator g, Invoice.LineItem line) {
        g.writeStartObject();
        g.writeStringProperty("description", line.description());
        JsonOutput.money(g, "unitAmount", line.unitAmountCents());
        g.writeNumberProperty("quantity", line.quantity());
        JsonOutput.money(g, "discountAmount", line.discountAmountCents());
        JsonOutput.money(g, "subTotal", line.subTotalCents());
        JsonOutput.money(g, "taxAmount", line.taxAmountCents());
        JsonOutput.money(g, "totalAmount", line.totalCents());
        writeReference(g, "accountRef", line.account());
        g.writeNumberProperty("discountPercentage", line.discountPercentage());
        g.writeObjectPropertyStart("taxRateRef");
        g.writeStringProperty("id", line.taxRate().id());
        g.writeStringProperty("name", line.taxRate().name());
        g.writeNumberProperty("effectiveTaxRate", line.effectiveTaxRate());
        g.writeEndObject();
        writeReference(g, "itemRef", line.item());
        g.writeArrayPropertyStart("trackingCategoryRefs");
        g.writeEndArray();
        g.writeBooleanProperty("isDirectIncome", false);
        g.writeEndObject();
    }

    private static void writeReference(JsonGenerator g, String name, Invoice.Reference reference) {
        g.writeObjectPropertyStart(name);
        g.writeStringProperty("id", reference.id());
        g.writeStringProperty("name", reference.name());
        g.writeEndObject();
    }
}
