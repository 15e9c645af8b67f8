package io.ledgersync.source;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;

/**
 * No complete response arrived: the connection could not be made (refused, unknown host, TLS, connect timeout), or
 * it was made and then dropped or timed out; retried either way. Immutable.
 */
public class DataApiConnectionException extends DataApiException {

    private final URI baseUrl;
    private final ConnectFailure connectFailure;
    private final String reason;

    DataApiConnectionException(String request, IOException cause) {
        this(request, null, cause);
    }

    /** @param baseUrl the Data API that was asked, for the message when it cannot be reached; null when unknown */
    DataApiConnectionException(String request, URI baseUrl, IOException cause) {
        this(request, baseUrl, cause, ConnectFailure.of(cause).orElse(null));
    }

    private DataApiConnectionException(String request, URI baseUrl, IOException cause, ConnectFailure connectFailure) {
        super(request, 0, describe(request, baseUrl, cause, connectFailure), cause);
        this.baseUrl = baseUrl;
        this.connectFailure = connectFailure;
        // The JDK's exceptions often carry no message ("java.net.ConnectException"): say what happened instead.
        this.reason = connectFailure != null ? connectFailure.describe(baseUrl, cause) : String.valueOf(cause);
    }

    @Override
    public boolean retriable() {
        return true;
    }

    /** True when no connection could be made at all, as opposed to one that was made and then broke. */
    public boolean cannotConnect() {
        return connectFailure != null;
    }

    /** What went wrong, in words: {@code connection refused}, {@code unknown host x}, or the I/O failure itself. */
    public String reason() {
        return reason;
    }

    /** What to do about it, e.g. {@code check LEDGERSYNC_API_BASE_URL and that the service is up}. */
    public String advice() {
        return connectFailure != null ? connectFailure.advice() : "check the network path and LEDGERSYNC_API_BASE_URL";
    }

    URI baseUrl() {
        return baseUrl;
    }

    Optional<ConnectFailure> connectFailure() {
        return Optional.ofNullable(connectFailure);
    }

    private static String describe(String request, URI baseUrl, IOException cause, ConnectFailure connectFailure) {
        if (connectFailure == null) {
            return request + " failed without a complete response: " + cause
                    + ". Retried; if it persists, check the network path and ledgersync.api.base-url";
        }
        return request + " could not connect" + (baseUrl == null ? "" : " to " + baseUrl) + ": "
                + connectFailure.describe(baseUrl, cause) + ". Retried; if it persists, " + connectFailure.advice();
    }
}
