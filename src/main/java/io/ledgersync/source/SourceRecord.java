package io.ledgersync.source;

import java.nio.charset.StandardCharsets;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One record of a data set, kept whole as the Data API sent it: its JSON text, cut from the page. Unknown fields are
 * preserved.
 *
 * <p>A page keeps its records as text, not as trees: a decoded tree takes about five times the memory of its text,
 * and the text is what the warehouse stores in {@code raw} anyway. Readers that want a few fields stream over the
 * text ({@link #parser()}); {@link #json()} builds the whole tree when that is simpler (bench/BENCHMARKS.md, issue 7,
 * "streaming JSON parsing").
 *
 * <p>Immutable; the parsers it hands out are the caller's own.
 *
 * @param rawJson the record's JSON object exactly as it was on the page
 */
public record SourceRecord(String rawJson) {

    /** How records are read: money keeps its decimals ({@code 12.50} stays 12.50, never a binary double). */
    static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    /** A streaming parser over the record, positioned before its first token; the caller closes it. */
    public JsonParser parser() {
        // over UTF-8 bytes, Jackson's faster parser: the one over a String copies it into chars first
        return JSON.createParser(rawJson.getBytes(StandardCharsets.UTF_8));
    }

    /** The record as a tree, parsed anew on every call. */
    public JsonNode json() {
        return JSON.readTree(rawJson);
    }

    /** The record's {@code id}, or null when it has none. */
    public String id() {
        JsonNode id = json().get("id");
        return id == null || id.isNull() ? null : id.asString();
    }
}
