package io.ledgersync.source;

/**
 * A response that does not decode as the contract says (bad JSON, a missing or mistyped envelope
 * field, an absurd number, a link we must not follow). Nothing of such a page is handed on.
 */
public class MalformedResponseException extends DataApiException {

    /** A response that broke the contract in a way only the caller can see, e.g. a repeated next link. */
    public MalformedResponseException(String request, String problem) {
        this(request, 200, problem, null, null);
    }

    MalformedResponseException(String request, int status, String problem, String body, Throwable cause) {
        super(request, status, request + " answered " + status + " with a malformed response: " + problem
                + (body == null ? "" : " (body starts: " + snippet(body) + ")"), cause);
    }

    private static String snippet(String body) {
        String oneLine = body.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "...";
    }
}
