package io.ledgersync.yaml;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;

/**
 * Where each field of a YAML document is written, by its path ({@code faults[2].rateLimit}), and the text of each
 * scalar. Bean Validation reports a path but no position, and Jackson's position is where its parser stopped, not
 * where the field starts; so the document is walked once to know both.
 */
final class DocumentIndex {

    private final String source;
    private final Map<String, Integer> lines = new HashMap<>();
    private final Map<String, String> scalars = new HashMap<>();
    private boolean empty = true;

    private DocumentIndex(String source) {
        this.source = source;
        lines.put("", 1);
    }

    /** Walks every token of the document named {@code source}; a syntax error is thrown as the parser reports it. */
    static DocumentIndex of(String source, JsonParser parser) {
        DocumentIndex index = new DocumentIndex(source);
        for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
            index.empty = false;
            TokenStreamContext context = parser.streamReadContext();
            // A mapping or list that starts here opens a context of its own: its place is in the enclosing one.
            if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                context = context.getParent();
            }
            if (token == JsonToken.PROPERTY_NAME || context.inArray()) {
                index.lines.putIfAbsent(path(context), parser.currentTokenLocation().getLineNr());
            }
            if (token.isScalarValue()) {
                index.scalars.putIfAbsent(path(context), parser.getString());
            }
        }
        return index;
    }

    /** An error at a field of this document, in the one-line form of {@link InvalidYamlException}. */
    InvalidYamlException invalid(String field, String problem, Throwable cause) {
        return new InvalidYamlException(source, lineOf(field), field, problem, cause);
    }

    /** True when the document holds nothing but comments and blank lines. */
    boolean empty() {
        return empty;
    }

    /** The line of the field, or of its nearest enclosing field that is written (a missing field has no line). */
    int lineOf(String path) {
        String at = path;
        while (!lines.containsKey(at)) {
            at = parent(at);
        }
        return lines.get(at);
    }

    /** The text of the scalar at the path, as written, or null when there is none. */
    String scalarAt(String path) {
        return scalars.get(path);
    }

    /** {@code faults[2].rateLimit}: property names joined by dots, list positions in brackets. */
    static String path(TokenStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (TokenStreamContext at = context; at != null && !at.inRoot(); at = at.getParent()) {
            if (at.inArray()) {
                parts.push("[" + Math.max(0, at.getCurrentIndex()) + "]");
            } else if (at.currentName() != null) {
                parts.push("." + at.currentName());
            }
        }
        String joined = String.join("", parts);
        return joined.startsWith(".") ? joined.substring(1) : joined;
    }

    private static String parent(String path) {
        int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
        return cut < 0 ? "" : path.substring(0, cut);
    }
}
