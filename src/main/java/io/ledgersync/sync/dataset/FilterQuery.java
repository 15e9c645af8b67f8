package io.ledgersync.sync.dataset;

import java.util.regex.Pattern;

/**
 * Parses a data set's {@code query:} by the Data API's query language (docs/CONTRACT.md §10): conditions
 * {@code field<op>value} joined by {@code &&} and {@code ||}, grouped with balanced {@code { }}. A walk sends it as
 * {@code {query}&&{cursor}}, so a query that closes a group it did not open ({@code status=Paid}||{status=Void})
 * would reach outside its braces and undo the cursor; parsed whole here, before any run. Immutable.
 */
final class FilterQuery {

    private static final Pattern CONDITION = Pattern.compile(
            "([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*)\\s*(!=|>=|<=|=|~|>|<)\\s*[^{}&|\\s](?:[^{}&|]*[^{}&|\\s])?");

    private final String text;
    private int at;

    private FilterQuery(String text) {
        this.text = text;
    }

    /** What is wrong with the query, or null when it parses. */
    static String problem(String query) {
        FilterQuery parser = new FilterQuery(query.strip());
        try {
            parser.expression();
            if (parser.at < parser.text.length()) {
                throw parser.unexpected();
            }
            return null;
        } catch (IllegalArgumentException mistake) {
            return mistake.getMessage();
        }
    }

    private void expression() {
        term();
        while (text.startsWith("&&", at) || text.startsWith("||", at)) {
            at += 2;
            term();
        }
    }

    private void term() {
        skipSpaces();
        if (at < text.length() && text.charAt(at) == '{') {
            int open = at++;
            expression();
            skipSpaces();
            if (at >= text.length() || text.charAt(at) != '}') {
                throw new IllegalArgumentException("the { at character " + (open + 1) + " is never closed");
            }
            at++;
        } else {
            var condition = CONDITION.matcher(text).region(at, text.length());
            if (!condition.lookingAt()) {
                throw unexpected();
            }
            at = condition.end();
        }
        skipSpaces();
    }

    private IllegalArgumentException unexpected() {
        return new IllegalArgumentException(at >= text.length() ? "it ends where a condition (field=value) should be"
                : "'" + text.substring(at, Math.min(text.length(), at + 10)) + "' at character " + (at + 1)
                        + " is not a condition (field=value), &&, || or a group in { }");
    }

    private void skipSpaces() {
        while (at < text.length() && text.charAt(at) == ' ') {
            at++;
        }
    }
}
