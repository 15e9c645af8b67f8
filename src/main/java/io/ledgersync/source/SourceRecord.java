package io.ledgersync.source;

import tools.jackson.databind.JsonNode;

/**
 * One record of a data set, kept whole as the Data API sent it; unknown fields are preserved.
 */
public record SourceRecord(JsonNode json) {

    /** The record's {@code id}, or null when it has none. */
    public String id() {
        JsonNode id = json.get("id");
        return id == null || id.isNull() ? null : id.asString();
    }

    /** The record as compact JSON text. */
    public String rawJson() {
        return json.toString();
    }
}
