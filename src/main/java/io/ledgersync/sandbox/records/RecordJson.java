package io.ledgersync.sandbox.records;

import java.util.Map;

import tools.jackson.core.JsonGenerator;

/**
 * Writes each record the sandbox serves, field by field in the order of its schema, so that the bytes are the same
 * inside a page and in {@code SandboxDataSet}'s JSON of one record. The pieces records share are {@link JsonFields}.
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
        Party party = customer.party();
        g.writeStartObject();
        g.writeStringProperty("id", customer.id());
        g.writeStringProperty("customerName", customer.customerName());
        stringOrNull(g, "contactName", party.contactName());
        stringOrNull(g, "emailAddress", party.emailAddress());
        g.writeStringProperty("defaultCurrency", customer.defaultCurrency());
        stringOrNull(g, "phone", party.phone());
        JsonFields.addresses(g, party.address());
        JsonFields.emptyArray(g, "contacts");
        stringOrNull(g, "registrationNumber", party.registrationNumber());
        stringOrNull(g, "taxNumber", party.taxNumber());
        g.writeStringProperty("status", party.status());
        JsonFields.utc(g, "modifiedDate", party.modifiedDate());
        JsonFields.utc(g, "sourceModifiedDate", party.sourceModifiedDate());
        JsonFields.endAccountingRecord(g, party.deleted());
    }

    /**
     * An invoice in the field order of the platform's own {@code AccountingInvoice} examples: amounts as numbers
     * with two decimals, rates with four, business dates without a zone, platform timestamps in UTC.
     */
    static void invoice(JsonGenerator g, Invoice invoice) {
        Document document = invoice.document();
        Lines lines = document.lines();
        g.writeStartObject();
        g.writeStringProperty("id", document.id());
        g.writeStringProperty("invoiceNumber", document.number());
        JsonFields.reference(g, "customerRef", document.counterparty(), "companyName");
        JsonFields.emptyArray(g, "salesOrderRefs");
        JsonFields.local(g, "issueDate", document.issueDate());
        JsonFields.local(g, "dueDate", invoice.dueDate());
        JsonFields.utc(g, "modifiedDate", document.modifiedDate());
        JsonFields.utc(g, "sourceModifiedDate", document.sourceModifiedDate());
        JsonFields.local(g, "paidOnDate", invoice.paidOnDate());
        g.writeStringProperty("currency", document.currency());
        JsonFields.rate(g, "currencyRate", document.currencyRateScale4());
        JsonFields.lineItems(g, lines.items(), JsonFields.LineKind.SALES);
        JsonFields.paymentAllocations(g, document.paymentAllocations());
        JsonFields.emptyArray(g, "withholdingTax");
        money(g, "totalDiscount", lines.discountCents());
        money(g, "subTotal", lines.subTotalCents());
        money(g, "additionalTaxAmount", 0);
        money(g, "additionalTaxPercentage", 0);
        money(g, "totalTaxAmount", lines.taxCents());
        money(g, "totalAmount", lines.totalCents());
        money(g, "amountDue", invoice.amountDueCents());
        money(g, "discountPercentage", lines.discountPercentageScale2());
        g.writeStringProperty("status", invoice.status().name());
        stringOrNull(g, "note", document.note());
        JsonFields.endAccountingRecord(g, document.deleted());
    }

    /**
     * A credit note in the field order of the platform's {@code CreditNote}: like an invoice, with
     * {@code remainingCredit} in place of {@code amountDue} and {@code allocatedOnDate} once fully allocated.
     */
    static void creditNote(JsonGenerator g, CreditNote note) {
        Document document = note.document();
        Lines lines = document.lines();
        g.writeStartObject();
        g.writeStringProperty("id", document.id());
        g.writeStringProperty("creditNoteNumber", document.number());
        JsonFields.reference(g, "customerRef", document.counterparty(), "companyName");
        JsonFields.emptyArray(g, "withholdingTax");
        money(g, "totalAmount", lines.totalCents());
        money(g, "totalDiscount", lines.discountCents());
        money(g, "subTotal", lines.subTotalCents());
        money(g, "additionalTaxAmount", 0);
        money(g, "additionalTaxPercentage", 0);
        money(g, "totalTaxAmount", lines.taxCents());
        money(g, "discountPercentage", lines.discountPercentageScale2());
        money(g, "remainingCredit", note.remainingCreditCents());
        g.writeStringProperty("status", note.status().name());
        JsonFields.local(g, "issueDate", document.issueDate());
        JsonFields.local(g, "allocatedOnDate", note.allocatedOnDate());
        g.writeStringProperty("currency", document.currency());
        JsonFields.rate(g, "currencyRate", document.currencyRateScale4());
        JsonFields.lineItems(g, lines.items(), JsonFields.LineKind.SALES);
        JsonFields.paymentAllocations(g, document.paymentAllocations());
        stringOrNull(g, "note", document.note());
        JsonFields.utc(g, "modifiedDate", document.modifiedDate());
        JsonFields.utc(g, "sourceModifiedDate", document.sourceModifiedDate());
        JsonFields.endAccountingRecord(g, document.deleted());
    }

    /** A supplier in the field order of the {@code AccountingSupplier} schema. */
    static void supplier(JsonGenerator g, Supplier supplier) {
        Party party = supplier.party();
        g.writeStartObject();
        g.writeStringProperty("id", supplier.id());
        g.writeStringProperty("supplierName", supplier.supplierName());
        stringOrNull(g, "contactName", party.contactName());
        stringOrNull(g, "emailAddress", party.emailAddress());
        stringOrNull(g, "phone", party.phone());
        JsonFields.addresses(g, party.address());
        stringOrNull(g, "registrationNumber", party.registrationNumber());
        stringOrNull(g, "taxNumber", party.taxNumber());
        g.writeStringProperty("status", party.status());
        g.writeStringProperty("defaultCurrency", supplier.defaultCurrency());
        JsonFields.utc(g, "modifiedDate", party.modifiedDate());
        JsonFields.utc(g, "sourceModifiedDate", party.sourceModifiedDate());
        JsonFields.endAccountingRecord(g, party.deleted());
    }

    /** A bill in the field order of the {@code AccountingBill} schema. */
    static void bill(JsonGenerator g, Bill bill) {
        Document document = bill.document();
        Lines lines = document.lines();
        g.writeStartObject();
        g.writeStringProperty("id", document.id());
        g.writeStringProperty("reference", document.number());
        JsonFields.reference(g, "supplierRef", document.counterparty(), "supplierName");
        JsonFields.emptyArray(g, "purchaseOrderRefs");
        JsonFields.local(g, "issueDate", document.issueDate());
        JsonFields.local(g, "dueDate", bill.dueDate());
        g.writeStringProperty("currency", document.currency());
        JsonFields.rate(g, "currencyRate", document.currencyRateScale4());
        JsonFields.lineItems(g, lines.items(), JsonFields.LineKind.PURCHASE);
        JsonFields.emptyArray(g, "withholdingTax");
        g.writeStringProperty("status", bill.status().name());
        money(g, "subTotal", lines.subTotalCents());
        money(g, "taxAmount", lines.taxCents());
        money(g, "totalAmount", lines.totalCents());
        money(g, "amountDue", bill.amountDueCents());
        stringOrNull(g, "note", document.note());
        JsonFields.paymentAllocations(g, document.paymentAllocations());
        JsonFields.utc(g, "modifiedDate", document.modifiedDate());
        JsonFields.utc(g, "sourceModifiedDate", document.sourceModifiedDate());
        JsonFields.endAccountingRecord(g, document.deleted());
    }

    /** An account of the chart in the field order of the {@code AccountingAccount} schema. */
    static void account(JsonGenerator g, LedgerAccount account) {
        ChartOfAccounts.Entry entry = account.entry();
        g.writeStartObject();
        g.writeStringProperty("id", account.id());
        g.writeStringProperty("nominalCode", entry.nominalCode());
        g.writeStringProperty("name", entry.name());
        g.writeStringProperty("description", entry.description());
        g.writeStringProperty("fullyQualifiedCategory", entry.category());
        g.writeStringProperty("fullyQualifiedName", entry.category() + "." + entry.name());
        g.writeStringProperty("currency", account.currency());
        money(g, "currentBalance", account.currentBalanceCents());
        g.writeStringProperty("type", entry.type());
        g.writeStringProperty("status", account.status());
        g.writeBooleanProperty("isBankAccount", entry.bank());
        JsonFields.emptyArray(g, "validDatatypeLinks");
        JsonFields.utc(g, "modifiedDate", account.modifiedDate());
        JsonFields.utc(g, "sourceModifiedDate", account.sourceModifiedDate());
        JsonFields.endAccountingRecord(g, account.deleted());
    }

    private static void money(JsonGenerator g, String name, long cents) {
        JsonFields.money(g, name, cents);
    }

    private static void stringOrNull(JsonGenerator g, String name, String value) {
        JsonFields.stringOrNull(g, name, value);
    }
}
