package io.ledgersync.sync.history;

import java.util.ArrayList;
import java.util.List;

import io.ledgersync.source.DataApiException;
import io.ledgersync.sync.RunStoppedException;

/**
 * The one text of a failure, as the run's summary, {@code sync_state.last_error}, the API and the command line show it
 * (issue 17): the chain that matters, outermost first, on one line and bounded in length. That is what we were doing
 * (our own wrapper: the page being written, the data set and company), what the Data API said (the request without
 * the key, its page, status, {@code error} and {@code correlationId}, or why it could not be reached), and the
 * innermost cause when it adds something ("EOF reached while reading", the database's own words). The wrappers of
 * Batch, Spring and Jdbi in between say nothing a person can act on, and Jdbi's repeat the statement and its values.
 * Stateless, so thread-safe.
 */
final class FailureText {

    /** Long enough for a request, a Data API error and a database message; short enough for a log line and a column. */
    static final int MAX_LENGTH = 1000;

    private FailureText() {
    }

    static String of(Throwable failure) {
        List<String> parts = new ArrayList<>();
        String innermost = null;
        boolean sourceSaid = false;
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            String message = cause.getMessage();
            if (message == null || message.isBlank()) {
                continue;
            }
            if (!sourceSaid && (cause instanceof DataApiException || cause instanceof RunStoppedException)) {
                add(parts, message);
                sourceSaid = true;
            } else if (parts.isEmpty() && !sourceSaid && isOurs(cause)) {
                add(parts, message); // the outermost context of ours: what we were doing
            }
            // the deepest words, unless they are the Data API's, which its outermost exception says already
            innermost = cause instanceof DataApiException ? null : message;
        }
        if (innermost != null) {
            add(parts, innermost);
        }
        String text = parts.isEmpty() ? failure.getClass().getName() : String.join(": ", parts);
        return bounded(text.replaceAll("\\s*\\R\\s*", " ").strip());
    }

    /** A part that another already says (a Data API message quotes its cause) is left out. */
    private static void add(List<String> parts, String message) {
        String line = message.strip();
        if (parts.stream().noneMatch(part -> part.contains(line))) {
            parts.add(line);
        }
    }

    private static boolean isOurs(Throwable cause) {
        return cause.getClass().getName().startsWith("io.ledgersync.");
    }

    private static String bounded(String text) {
        return text.length() <= MAX_LENGTH ? text : text.substring(0, MAX_LENGTH - 3) + "...";
    }
}
