package io.ledgersync.source;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Decodes the page envelope (CONTRACT.md §2.3) and the error body (§2.4). Strict about the
 * envelope, tolerant about everything else: unknown fields are ignored and records are kept whole.
 * Thread-safe.
 */
final class ResponseDecoder {

    /** The largest integer a JSON number holds exactly (2^53 - 1); any real total is far below. */
    static final long MAX_TOTAL_RESULTS = 9_007_199_254_740_991L;

    private final JsonMapper json;

    ResponseDecoder(JsonMapper json) {
        this.json = json;
    }

    Page decodePage(String request, String href, byte[] body) {
        return decodePage(request, href, body, RecordParse.IDS);
    }

    /** @param parse how each record is read, in the pass that cuts it from the body */
    Page decodePage(String request, String href, byte[] body, RecordParse parse) {
        try (JsonParser parser = json.createParser(body)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw malformed(request, "the body is empty", body);
            }
            if (first != JsonToken.START_OBJECT) {
                throw malformed(request, "the page is not a JSON object", body);
            }
            ObjectNode envelope = json.createObjectNode();
            List<SourceRecord> records = null;
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("results")) {
                    if (value != JsonToken.START_ARRAY) {
                        throw malformed(request, "'results' is not an array", body);
                    }
                    records = records(request, parser, body, parse);
                } else {
                    envelope.set(field, parser.readValueAsTree());
                }
            }
            // A second document or trailing bytes after the page mean we may be reading the wrong thing.
            if (parser.nextToken() != null) {
                throw malformed(request, "the body is not valid JSON (trailing content after the page)", body);
            }
            if (records == null) {
                throw malformed(request, "'results' is missing", body);
            }
            return page(request, href, body, envelope, records);
        } catch (JacksonException e) {
            throw new MalformedResponseException(request, 200, "the body is not valid JSON (" + e.getOriginalMessage() + ")",
                    new String(body, StandardCharsets.UTF_8), e);
        }
    }

    /**
     * The records of the {@code results} array, each cut from the body as its bytes, not decoded into a tree or a String:
     * a page of trees takes about five times the memory of the page, and the bytes are what the warehouse stores
     * (bench/BENCHMARKS.md, issues 7 and 28). Each record is read once, by {@code parse}, in the pass that finds where
     * it ends: a syntax error anywhere in it fails the whole page, and nothing parses it again for its id or columns.
     */
    private static List<SourceRecord> records(String request, JsonParser parser, byte[] body, RecordParse parse) {
        List<SourceRecord> records = new ArrayList<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            if (token != JsonToken.START_OBJECT) {
                throw malformed(request, "an element of 'results' is not a JSON object", body);
            }
            int start = (int) parser.currentTokenLocation().getByteOffset();
            RecordParse.Parsed parsed = parse.read(parser);
            int end = (int) parser.currentTokenLocation().getByteOffset() + 1;
            records.add(new SourceRecord(Arrays.copyOfRange(body, start, end), parsed));
        }
        return records;
    }

    private static Page page(String request, String href, byte[] body, JsonNode envelope, List<SourceRecord> records) {
        int pageNumber = (int) count(request, envelope, "pageNumber", body);
        int pageSize = (int) count(request, envelope, "pageSize", body);
        long totalResults = count(request, envelope, "totalResults", body);
        checkPlausible(request, body, records.size(), pageNumber, pageSize, totalResults);
        return new Page(href, records, pageNumber, pageSize, totalResults, nextHref(request, envelope, body));
    }

    /**
     * Numbers that are well typed but cannot describe a real page: handing such a page on would
     * make the completeness check (§2.3 rule 2) meaningless or overflow it.
     */
    private static void checkPlausible(String request, byte[] body, int records, int pageNumber, int pageSize,
            long totalResults) {
        if (pageNumber < 1) {
            throw malformed(request, "'pageNumber' is " + pageNumber + ", but pages are numbered from 1 (§4.1)", body);
        }
        if (pageSize < 1 || pageSize > DataApiProperties.MAX_PAGE_SIZE) {
            throw malformed(request, "'pageSize' is " + pageSize + ", outside 1 to " + DataApiProperties.MAX_PAGE_SIZE + " (§4.1)", body);
        }
        if (records > pageSize) {
            throw malformed(request, "'results' holds " + records + " records, more than 'pageSize' " + pageSize, body);
        }
        if (totalResults > MAX_TOTAL_RESULTS) {
            throw malformed(request, "'totalResults' is " + totalResults + ", an absurd number of records", body);
        }
        long throughThisPage = (long) (pageNumber - 1) * pageSize + records;
        if (totalResults < throughThisPage) {
            throw malformed(request, "'totalResults' is " + totalResults + ", fewer than the " + throughThisPage
                    + " records up to and including page " + pageNumber + " of size " + pageSize, body);
        }
    }

    /** Decodes an error body; a body that is not the §2.4 JSON still yields its text as the error. */
    ApiError decodeError(int status, byte[] body) {
        JsonNode root;
        try {
            root = json.readTree(body);
        } catch (JacksonException notJson) {
            return new ApiError(status, null, snippet(body), null, List.of());
        }
        if (root == null || !root.isObject()) {
            return new ApiError(status, null, snippet(body), null, List.of());
        }
        List<String> messages = new ArrayList<>();
        for (JsonNode element : root.path("validation").path("errors")) {
            JsonNode message = element.get("message");
            if (message != null && message.isString()) {
                messages.add(message.asString());
            }
        }
        return new ApiError(root.path("statusCode").asInt(status), text(root, "service"), text(root, "error"),
                text(root, "correlationId"), List.copyOf(messages));
    }

    private static long count(String request, JsonNode root, String field, byte[] body) {
        JsonNode value = root.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < 0
                || (!field.equals("totalResults") && value.asLong() > Integer.MAX_VALUE)) {
            throw malformed(request, "'" + field + "' is " + (value == null ? "missing" : "not a non-negative integer: " + value), body);
        }
        return value.asLong();
    }

    private static String nextHref(String request, JsonNode root, byte[] body) {
        JsonNode links = root.get("_links");
        if (links == null || links.isNull()) {
            return null;
        }
        if (!links.isObject()) {
            throw malformed(request, "'_links' is not an object", body);
        }
        JsonNode next = links.get("next");
        if (next == null || next.isNull()) {
            return null;
        }
        JsonNode href = next.get("href");
        if (href == null || !href.isString() || href.asString().isBlank()) {
            throw malformed(request, "'_links.next' has no href string", body);
        }
        return href.asString();
    }

    private static String text(JsonNode root, String field) {
        JsonNode value = root.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }

    private static MalformedResponseException malformed(String request, String problem, byte[] body) {
        return new MalformedResponseException(request, 200, problem, new String(body, StandardCharsets.UTF_8), null);
    }

    private static String snippet(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).strip();
        return text.length() <= 500 ? text : text.substring(0, 500) + "...";
    }
}
