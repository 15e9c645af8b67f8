package io.ledgersync.source;

import java.nio.charset.StandardCharsets;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
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
 * <p>The record's {@link #id()} is the one home of what a record's id is. A record cut from a page had its id read
 * while the page was decoded, in the pass that cuts it, so walks, drift checks and writers never parse a record
 * again for it; a record made from text reads it in one streaming pass when asked.
 *
 * <p>Immutable; the parsers it hands out are the caller's own.
 */
public final class SourceRecord {

    /** How records are read: money keeps its decimals ({@code 12.50} stays 12.50, never a binary double). */
    static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private final String rawJson;
    /** The id read while the record was cut from its page; meaningless unless {@link #idRead}. */
    private final String id;
    private final boolean idRead;

    /** @param rawJson the record's JSON object exactly as it was on the page */
    public SourceRecord(String rawJson) {
        this(rawJson, null, false);
    }

    /** A record cut from a page, whose id was read in the same pass ({@link #readId}). */
    SourceRecord(String rawJson, String id) {
        this(rawJson, id, true);
    }

    private SourceRecord(String rawJson, String id, boolean idRead) {
        this.rawJson = rawJson;
        this.id = id;
        this.idRead = idRead;
    }

    /** The record's JSON object exactly as it was on the page. */
    public String rawJson() {
        return rawJson;
    }

    /** A streaming parser over the record, positioned before its first token; the caller closes it. */
    public JsonParser parser() {
        // over UTF-8 bytes, Jackson's faster parser: the one over a String copies it into chars first
        return JSON.createParser(rawJson.getBytes(StandardCharsets.UTF_8));
    }

    /** The record as a tree, parsed anew on every call. */
    public JsonNode json() {
        return JSON.readTree(rawJson);
    }

    /**
     * The record's {@code id}: its top-level {@code id} field as text, as a tree of it reads it (the last of a repeated
     * field; a number or boolean as its JSON text); null when it has none, or a null, an object or a list there.
     */
    public String id() {
        if (idRead) {
            return id;
        }
        try (JsonParser parser = parser()) {
            return parser.nextToken() == JsonToken.START_OBJECT ? readId(parser) : null;
        }
    }

    /**
     * Reads the record the parser is at (its {@code START_OBJECT}) to its end, leaving the parser at its
     * {@code END_OBJECT}, and returns its id. Values other than the id are skipped token by token, never decoded.
     */
    static String readId(JsonParser parser) {
        String id = null;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            boolean isId = parser.currentName().equals("id");
            JsonToken value = parser.nextToken();
            if (isId) {
                id = text(parser, value); // a repeated field replaces the earlier one, as on a tree
            } else {
                parser.skipChildren();
            }
        }
        return id;
    }

    /** A scalar as its text, exactly as the tree's node would give it; null for a null, an object or a list. */
    private static String text(JsonParser parser, JsonToken value) {
        return switch (value) {
            case VALUE_STRING -> parser.getString();
            case VALUE_NUMBER_INT -> parser.getBigIntegerValue().toString();
            case VALUE_NUMBER_FLOAT -> parser.getDecimalValue().toString();
            case VALUE_TRUE -> "true";
            case VALUE_FALSE -> "false";
            default -> {
                parser.skipChildren();
                yield null;
            }
        };
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SourceRecord record && java.util.Objects.equals(record.rawJson, rawJson);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hashCode(rawJson);
    }

    @Override
    public String toString() {
        return "SourceRecord[rawJson=" + rawJson + "]";
    }
}
