package io.ledgersync.source;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One record of a data set, kept whole as the Data API sent it: its JSON bytes, cut from the page. Unknown fields are
 * preserved.
 *
 * <p>A page keeps its records as their UTF-8 bytes, neither as trees nor as text: a decoded tree takes about five times
 * the memory of the bytes, and the bytes are what the warehouse stores in {@code raw} (PostgreSQL's COPY takes them as
 * they are; bench/BENCHMARKS.md, issues 7 and 28). A String is made only where one is needed ({@link #rawJson()}).
 *
 * <p>The record's {@link #id()} is the one home of what a record's id is. A record cut from a page was read while the
 * page was decoded, in the one pass that cuts it ({@link RecordParse}): its id, and whatever else that pass read
 * ({@link #parsed()}), so walks, drift checks, mappers and writers never parse a record again; a record made from
 * text reads its id in one streaming pass when asked.
 *
 * <p>Immutable: the bytes it hands out ({@link #raw()}) are its own and must not be changed; the parsers it hands out
 * are the caller's own.
 */
public final class SourceRecord {

    /** How records are read: money keeps its decimals ({@code 12.50} stays 12.50, never a binary double). */
    static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private final byte[] raw;
    /** What the page's decoding pass read of the record; null for a record made from text. */
    private final RecordParse.Parsed parsed;

    /** @param rawJson the record's JSON object exactly as it was on the page */
    public SourceRecord(String rawJson) {
        this(rawJson.getBytes(StandardCharsets.UTF_8), null);
    }

    /** A record cut from a page, read in the same pass ({@link RecordParse}). */
    SourceRecord(byte[] raw, RecordParse.Parsed parsed) {
        this.raw = raw;
        this.parsed = parsed;
    }

    /**
     * A record read as a page's decoding reads each of its records: by {@code parse}, in one pass over its bytes
     * (for records that come from elsewhere than a page, and for tests of a parse).
     *
     * @throws IllegalArgumentException when the bytes are not a JSON object
     */
    public static SourceRecord read(byte[] raw, RecordParse parse) {
        try (JsonParser parser = JSON.createParser(raw)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("a record is a JSON object");
            }
            return new SourceRecord(raw, parse.read(parser));
        }
    }

    /** The record's JSON object exactly as it was on the page, as UTF-8 bytes: the record's own array, not a copy. */
    public byte[] raw() {
        return raw;
    }

    /** The record's JSON object exactly as it was on the page, as text, made anew on every call. */
    public String rawJson() {
        return new String(raw, StandardCharsets.UTF_8);
    }

    /** What the page's decoding pass read of the record ({@link RecordParse}); null for a record made from text. */
    public RecordParse.Parsed parsed() {
        return parsed;
    }

    /** A streaming parser over the record, positioned before its first token; the caller closes it. */
    public JsonParser parser() {
        return JSON.createParser(raw); // over UTF-8 bytes, Jackson's faster parser
    }

    /** The record as a tree, parsed anew on every call. */
    public JsonNode json() {
        return JSON.readTree(raw);
    }

    /**
     * The record's {@code id}: its top-level {@code id} field as text, as a tree of it reads it (the last of a repeated
     * field; a number or boolean as its JSON text); null when it has none, or a null, an object or a list there.
     */
    public String id() {
        if (parsed != null) {
            return parsed.id();
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

    /**
     * The id as {@link #id()} reads it, from the node a tree or a {@code FieldPaths} pass holds at the record's
     * {@code id}: a scalar as its text, null for a missing node, a null, an object or a list.
     */
    public static String idOf(JsonNode node) {
        return node.isValueNode() && !node.isNull() ? node.asString() : null;
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
        return other instanceof SourceRecord record && Arrays.equals(record.raw, raw);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(raw);
    }

    @Override
    public String toString() {
        return "SourceRecord[rawJson=" + rawJson() + "]";
    }
}
