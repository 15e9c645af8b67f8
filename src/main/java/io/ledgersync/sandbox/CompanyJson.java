package io.ledgersync.sandbox;

import java.util.Map;

import tools.jackson.core.JsonGenerator;

/** Writes a company in the field order of the {@code Company} schema. */
final class CompanyJson {

    private CompanyJson() {
    }

    static void write(JsonGenerator g, Company company) {
        g.writeStartObject();
        g.writeStringProperty("id", company.id());
        g.writeStringProperty("name", company.name());
        JsonOutput.stringOrNull(g, "description", company.description());
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
}
