package io.ledgersync.sandbox;

import tools.jackson.core.JsonGenerator;

/** Writes a customer in the field order of the {@code AccountingCustomer} schema. */
final class CustomerJson {

    private CustomerJson() {
    }

    static void write(JsonGenerator g, Customer customer) {
        g.writeStartObject();
        g.writeStringProperty("id", customer.id());
        g.writeStringProperty("customerName", customer.customerName());
        JsonOutput.stringOrNull(g, "contactName", customer.contactName());
        JsonOutput.stringOrNull(g, "emailAddress", customer.emailAddress());
        g.writeStringProperty("defaultCurrency", customer.defaultCurrency());
        JsonOutput.stringOrNull(g, "phone", customer.phone());
        g.writeArrayPropertyStart("addresses");
        g.writeStartObject();
        g.writeStringProperty("type", "Billing");
        g.writeStringProperty("line1", customer.address().line1());
        g.writeNullProperty("line2");
        g.writeStringProperty("city", customer.address().city());
        JsonOutput.stringOrNull(g, "region", customer.address().region());
        g.writeStringProperty("country", customer.address().country());
        g.writeStringProperty("postalCode", customer.address().postalCode());
        g.writeEndObject();
        g.writeEndArray();
        g.writeArrayPropertyStart("contacts");
        g.writeEndArray();
        JsonOutput.stringOrNull(g, "registrationNumber", customer.registrationNumber());
        JsonOutput.stringOrNull(g, "taxNumber", customer.taxNumber());
        g.writeStringProperty("status", customer.status());
        g.writeStringProperty("modifiedDate", DateTimes.utc(customer.modifiedDate()));
        JsonOutput.stringOrNull(g, "sourceModifiedDate",
                customer.sourceModifiedDate() == null ? null : DateTimes.utc(customer.sourceModifiedDate()));
        g.writeObjectPropertyStart("metadata");
        g.writeBooleanProperty("isDeleted", customer.deleted());
        g.writeEndObject();
        g.writeObjectPropertyStart("supplementalData");
        g.writeNullProperty("content");
        g.writeEndObject();
        g.writeEndObject();
    }
}
