package io.ledgersync.sandbox.data;

import java.util.Map;

import tools.jackson.core.JsonGenerator;

/**
 * Writes each record the sandbox serves, field by field in the order of its schema, so that the bytes are the same
 * inside a page and in {@code SandboxDataSet}'s JSON of one record.
 */
public final class RecordJson {

    private RecordJson() {
    }

    /** A company in the field order of the {@code Company} schema. */
    public static void company(JsonGenerator g, Company company) {
        g.writeStartObject();
        g.writeStringProperty("id", company.id());
        g.writeStringProperty("name", company.name());
        stringOrNull(g, "description", company.description());
        // Not in the current schema, but older platform responses carry it and readers find it handy.
        g.writeStringProperty("platform", company.platform());
        g.writeStringProperty("redirect", company.redirect());
        g.writeStringProperty("lastSync", DateTimes.utc(company.lastSync()));
        g.writeStringProperty("created", DateTimes.utc(company.created()));
        g.writeStringProperty("createdByUserName", company.createdByUserName());
        g.writeArrayPropertyStart("products");
        for (String product : company.products()) {
            g.writeString(product);
        }
        g.writeEndArray();
        g.writeObjectPropertyStart("tags");
        for (Map.Entry<String, String> tag : company.tags().entrySet()) {
            g.writeStringProperty(tag.getKey(), tag.getValue());
        }
        g.writeEndObject();
        g.writeArrayPropertyStart("referenceSubsidiaryCompanies");
        g.writeEndArray();
        g.writeArrayPropertyStart("dataConnections");
        writeConnection(g, company.connection());
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeConnection(JsonGenerator g, Company.Connection connection) {
        g.writeStartObject();
        g.writeStringProperty("id", connection.id());
        g.writeStringProperty("integrationId", connection.integrationId());
        g.writeStringProperty("integrationKey", connection.integrationKey());
        g.writeStringProperty("sourceId", connection.sourceId());
        g.writeStringProperty("platformName", connection.platformName());
        g.writeStringProperty("linkUrl", connection.linkUrl());
        g.writeStringProperty("status", connection.status());
        g.writeStringProperty("lastSync", DateTimes.utc(connection.lastSync()));
        g.writeStringProperty("created", DateTimes.utc(connection.created()));
        g.writeStringProperty("sourceType", connection.sourceType());
        g.writeEndObject();
    }

    /** A customer in the field order of the {@code AccountingCustomer} schema. */
    static void customer(JsonGenerator g, Customer customer) {
        g.writeStartObject();
        g.writeStringProperty("id", customer.id());
        g.writeStringProperty("customerName", customer.customerName());
        stringOrNull(g, "contactName", customer.contactName());
        stringOrNull(g, "emailAddress", customer.emailAddress());
        g.writeStringProperty("defaultCurrency", customer.defaultCurrency());
        stringOrNull(g, "phone", customer.phone());
        g.writeArrayPropertyStart("addresses");
        g.writeStartObject();
        g.writeStringProperty("type", "Billing");
        g.writeStringProperty("line1", customer.address().line1());
        g.writeNullProperty("line2");
        g.writeStringProperty("city", customer.address().city());
        stringOrNull(g, "region", customer.address().region());
        g.writeStringProperty("country", customer.address().country());
        g.writeStringProperty("postalCode", customer.address().postalCode());
        g.writeEndObject();
        g.writeEndArray();
        g.writeArrayPropertyStart("contacts");
        g.writeEndArray();
        stringOrNull(g, "registrationNumber", customer.registrationNumber());
        stringOrNull(g, "taxNumber", customer.taxNumber());
        g.writeStringProperty("status", customer.status());
        g.writeStringProperty("modifiedDate", DateTimes.utc(customer.modifiedDate()));
        stringOrNull(g, "sourceModifiedDate",
                customer.sourceModifiedDate() == null ? null : DateTimes.utc(customer.sourceModifiedDate()));
        endAccountingRecord(g, customer.deleted());
    }

    /**
     * An invoice in the field order of the platform's own {@code AccountingInvoice} examples: amounts as numbers
     * with two decimals, rates with four, business dates without a zone, platform timestamps in UTC.
     */
    static void invoice(JsonGenerator g, Invoice invoice) {
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
        stringOrNull(g, "sourceModifiedDate",
                invoice.sourceModifiedDate() == null ? null : DateTimes.utc(invoice.sourceModifiedDate()));
        stringOrNull(g, "paidOnDate",
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
        money(g, "totalDiscount", invoice.totalDiscountCents());
        money(g, "subTotal", invoice.subTotalCents());
        money(g, "additionalTaxAmount", 0);
        money(g, "additionalTaxPercentage", 0);
        money(g, "totalTaxAmount", invoice.totalTaxCents());
        money(g, "totalAmount", invoice.totalCents());
        money(g, "amountDue", invoice.amountDueCents());
        money(g, "discountPercentage", invoice.discountPercentageCents());
        g.writeStringProperty("status", invoice.status().name());
        stringOrNull(g, "note", invoice.note());
        endAccountingRecord(g, invoice.deleted());
    }

    private static void writeLine(JsonGenerator g, Invoice.LineItem line) {
        g.writeStartObject();
        g.writeStringProperty("description", line.description());
        money(g, "unitAmount", line.unitAmountCents());
        g.writeNumberProperty("quantity", line.quantity());
        money(g, "discountAmount", line.discountAmountCents());
        money(g, "subTotal", line.subTotalCents());
        money(g, "taxAmount", line.taxAmountCents());
        money(g, "totalAmount", line.totalCents());
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

    /** The two objects every accounting record ends with: {@code metadata.isDeleted} and empty supplemental data. */
    private static void endAccountingRecord(JsonGenerator g, boolean deleted) {
        g.writeObjectPropertyStart("metadata");
        g.writeBooleanProperty("isDeleted", deleted);
        g.writeEndObject();
        g.writeObjectPropertyStart("supplementalData");
        g.writeNullProperty("content");
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void money(JsonGenerator g, String name, long cents) {
        g.writeName(name);
        g.writeNumber(Decimals.money(cents));
    }

    private static void stringOrNull(JsonGenerator g, String name, String value) {
        if (value == null) {
            g.writeNullProperty(name);
        } else {
            g.writeStringProperty(name, value);
        }
    }
}
