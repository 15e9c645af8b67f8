package io.ledgersync.source;

/**
 * A response that does not decode as the contract says (bad JSON, a missing or mistyped envelope
 * field, an absurd number, a repeated or foreign link). Nothing of such a page is handed on.
 * Immutable.
 */
public class MalformedResponseException extends DataApiException {

    /** A response that broke the contract in a way only the caller can see, e.g. a repeated next link. */
    public MalformedResponseException(String request, String problem) {
        this(request, 200, problem, null, null);
    }

    MalformedResponseException(String request, int status, String problem, String body, Throwable cause) {
        super(request, status, request + " answered " + status + " with a malformed response " + where(request) + ": "
                + problem + (body == null ? "" : " (body starts: " + snippet(body) + ")"), cause);
    }

    /** Names the endpoint and the page, so that a message from a long run says where it broke. */
    private static String where(String request) {
        String href = request.startsWith("GET ") ? request.substring(4) : request;
        int query = href.indexOf('?');
        String endpoint = query < 0 ? href : href.substring(0, query);
        String page = "1";
        if (query >= 0) {
            for (String parameter : href.substring(query + 1).split("&")) {
                if (parameter.startsWith("page=")) {
                    page = parameter.substring(5);
                }
            }
        }
        return "(endpoint " + endpoint + ", page " + page + ")";
    }

    private static String snippet(String body) {
        String oneLine = body.replaceAll("\\s+", " ").strip();
        if (oneLine.isEmpty()) {
            return "<empty>";
        }
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "...";
    }
}
