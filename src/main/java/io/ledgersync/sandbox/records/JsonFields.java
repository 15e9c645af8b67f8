package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import tools.jackson.core.JsonGenerator;

/**
 * The pieces that several records' JSON share, each spelled one way: money with two decimals, rates with four,
 * business dates without a zone, platform timestamps in UTC, references, addresses, line items, payment
 * allocations, and the {@code metadata}/{@code supplementalData} every accounting record ends with.
 */
final class JsonFields {

    /** Which flag a line carries: sales lines say whether they are direct income, purchase lines direct cost. */
    enum LineKind { SALES, PURCHASE }

    private JsonFields() {
    }

    static void money(JsonGenerator g, String name, long cents) {
        g.writeName(name);
        g.writeNumber(Decimals.money(cents));
    }

    static void rate(JsonGenerator g, String name, long scale4) {
        g.writeName(name);
        g.writeNumber(Decimals.format(scale4, 4));
    }

    static void stringOrNull(JsonGenerator g, String name, String value) {
        if (value == null) {
            g.writeNullProperty(name);
        } else {
            g.writeStringProperty(name, value);
        }
    }

    static void utc(JsonGenerator g, String name, Instant instant) {
        stringOrNull(g, name, instant == null ? null : DateTimes.utc(instant));
    }

    static void local(JsonGenerator g, String name, LocalDate date) {
        stringOrNull(g, name, date == null ? null : DateTimes.local(date));
    }

    /** {@code {"id": ..., "<nameProperty>": ...}}: the platform names the name after the kind of record. */
    static void reference(JsonGenerator g, String property, Reference reference, String nameProperty) {
        g.writeObjectPropertyStart(property);
        g.writeStringProperty("id", reference.id());
        g.writeStringProperty(nameProperty, reference.name());
        g.writeEndObject();
    }

    static void addresses(JsonGenerator g, Address address) {
        g.writeArrayPropertyStart("addresses");
        g.writeStartObject();
        g.writeStringProperty("type", "Billing");
        g.writeStringProperty("line1", address.line1());
        g.writeNullProperty("line2");
        g.writeStringProperty("city", address.city());
        stringOrNull(g, "region", address.region());
        g.writeStringProperty("country", address.country());
        g.writeStringProperty("postalCode", address.postalCode());
        g.writeEndObject();
        g.writeEndArray();
    }

    static void emptyArray(JsonGenerator g, String name) {
        g.writeArrayPropertyStart(name);
        g.writeEndArray();
    }

    /** The lines in the field order of the invoice and bill line schemas; bill lines carry their number. */
    static void lineItems(JsonGenerator g, List<LineItem> lines, LineKind kind) {
        g.writeArrayPropertyStart("lineItems");
        for (int i = 0; i < lines.size(); i++) {
            LineItem line = lines.get(i);
            g.writeStartObject();
            if (kind == LineKind.PURCHASE) {
                g.writeStringProperty("lineNumber", String.valueOf(i + 1));
            }
            g.writeStringProperty("description", line.description());
            money(g, "unitAmount", line.unitAmountCents());
            g.writeNumberProperty("quantity", line.quantity());
            money(g, "discountAmount", line.discountAmountCents());
            money(g, "subTotal", line.subTotalCents());
            money(g, "taxAmount", line.taxAmountCents());
            money(g, "totalAmount", line.totalCents());
            reference(g, "accountRef", line.account(), "name");
            g.writeNumberProperty("discountPercentage", line.discountPercentage());
            g.writeObjectPropertyStart("taxRateRef");
            g.writeStringProperty("id", line.taxRate().id());
            g.writeStringProperty("name", line.taxRate().name());
            g.writeNumberProperty("effectiveTaxRate", line.effectiveTaxRate());
            g.writeEndObject();
            reference(g, "itemRef", line.item(), "name");
            emptyArray(g, "trackingCategoryRefs");
            g.writeBooleanProperty(kind == LineKind.SALES ? "isDirectIncome" : "isDirectCost", false);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** {@code AccountingPaymentAllocation}s: the payment, then how much of it was allocated here, and when. */
    static void paymentAllocations(JsonGenerator g, List<PaymentAllocation> allocations) {
        g.writeArrayPropertyStart("paymentAllocations");
        for (PaymentAllocation allocation : allocations) {
            g.writeStartObject();
            g.writeObjectPropertyStart("payment");
            g.writeStringProperty("id", allocation.paymentId());
            g.writeStringProperty("note", allocation.note());
            g.writeStringProperty("reference", allocation.reference());
            reference(g, "accountRef", allocation.account(), "name");
            g.writeStringProperty("currency", allocation.currency());
            rate(g, "currencyRate", allocation.currencyRateScale4());
            local(g, "paidOnDate", allocation.paidOnDate());
            money(g, "totalAmount", allocation.totalCents());
            g.writeEndObject();
            g.writeObjectPropertyStart("allocation");
            g.writeStringProperty("currency", allocation.currency());
            rate(g, "currencyRate", allocation.currencyRateScale4());
            local(g, "allocatedOnDate", allocation.paidOnDate());
            money(g, "totalAmount", allocation.totalCents());
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** The two objects every accounting record ends with: {@code metadata.isDeleted} and empty supplemental data. */
    static void endAccountingRecord(JsonGenerator g, boolean deleted) {
        g.writeObjectPropertyStart("metadata");
        g.writeBooleanProperty("isDeleted", deleted);
        g.writeEndObject();
        g.writeObjectPropertyStart("supplementalData");
        g.writeNullProperty("content");
        g.writeEndObject();
        g.writeEndObject();
    }
}
