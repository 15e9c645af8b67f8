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
 * The first {@link RawHash}, as it was until issue 28's end-to-end profile: a Jackson tree of the record, written back
 * with keys sorted and numbers by value, then hashed. The hashes warehouses store were made by it, so the streaming
 * {@link RawHash} must give the same ({@code RawHashTests}); {@code RawHashBenchmark} measures one against the other.
 */
public final class TreeRawHash {

    private static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private TreeRawHash() {
    }

    public static String of(String rawJson) {
        try {
            StringBuilder canonical = new StringBuilder(rawJson.length());
            append(canonical, JSON.readTree(rawJson));
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
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

    private static void quote(StringBuilder text, String value) {
        text.append(value.length()).append('"').append(value);
    }
}
