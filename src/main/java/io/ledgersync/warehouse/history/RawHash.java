package io.ledgersync.warehouse.history;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The hash of a record's JSON that tells whether it changed: the same for the same content however it is spelled. The
 * text the Data API sent and the text PostgreSQL's {@code jsonb} gives back differ in key order, spacing and a number's
 * trailing zeros, so a history seeded from stored {@code raw} would otherwise see every record as changed when it is
 * next read. Keys are hashed sorted, numbers by value ({@code 12.50} as {@code 12.5}). Thread-safe.
 */
public final class RawHash {

    private static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    /** Half of SHA-256, as 32 hex digits: a chance collision among a record's versions is beyond any ledger's size. */
    private static final int BYTES = 16;

    private RawHash() {
    }

    public static String of(String rawJson) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
        StringBuilder canonical = new StringBuilder(rawJson.length());
        append(canonical, JSON.readTree(rawJson));
        byte[] hash = digest.digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(hash, 0, BYTES);
    }

    private static void append(StringBuilder text, JsonNode node) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(node.properties());
            fields.sort(Map.Entry.comparingByKey());
            text.append('{');
            for (Map.Entry<String, JsonNode> field : fields) {
                quote(text, field.getKey());
                text.append(':');
                append(text, field.getValue());
                text.append(',');
            }
            text.append('}');
        } else if (node.isArray()) {
            text.append('[');
            for (JsonNode item : node) {
                append(text, item);
                text.append(',');
            }
            text.append(']');
        } else if (node.isNumber()) {
            BigDecimal value = node.decimalValue();
            text.append(value.signum() == 0 ? "0" : value.stripTrailingZeros().toString());
        } else if (node.isString()) {
            quote(text, node.stringValue());
        } else {
            text.append(node.toString()); // true, false, null
        }
    }

    /** A string with its length first, so that no content can pass for structure. */
    private static void quote(StringBuilder text, String value) {
        text.append(value.length()).append('"').append(value);
    }
}
