package io.ledgersync.sandbox.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.ledgersync.sandbox.records.ApiException;

/** Reads the small JSON bodies of the write endpoints; anything unreadable is the client's error, hence 400. */
final class RequestBody {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The write endpoints take a few fields; more than this is a mistake, not a company. */
    private static final int MAX_BYTES = 64 * 1024;

    private RequestBody() {
    }

    /** The body as a JSON object; an empty body reads as an empty object. */
    static JsonNode object(InputStream in) {
        byte[] bytes;
        try {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (bytes.length > MAX_BYTES) {
            throw ApiException.badRequest("The request body is larger than " + MAX_BYTES + " bytes.");
        }
        if (bytes.length == 0) {
            return JSON.createObjectNode();
        }
        JsonNode node;
        try {
            node = JSON.readTree(bytes);
        } catch (JacksonException e) {
            throw ApiException.badRequest("The request body is not valid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest("The request body must be a JSON object.");
        }
        return node;
    }

    /** A text field, or null when absent or null; 400 when it is there but not text. */
    static String text(JsonNode body, String name) {
        JsonNode value = body.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw ApiException.badRequest("`" + name + "` must be a string.");
        }
        return value.asString();
    }

    /** An object of text values ({@code tags}), empty when absent. */
    static Map<String, String> textMap(JsonNode body, String name) {
        JsonNode value = body.get(name);
        Map<String, String> map = new LinkedHashMap<>();
        if (value == null || value.isNull()) {
            return map;
        }
        if (!value.isObject()) {
            throw ApiException.badRequest("`" + name + "` must be an object of strings.");
        }
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
            if (!entry.getValue().isString()) {
                throw ApiException.badRequest("`" + name + "." + entry.getKey() + "` must be a string.");
            }
            map.put(entry.getKey(), entry.getValue().asString());
        }
        return map;
    }
}
