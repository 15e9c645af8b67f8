package io.ledgersync.source;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Optional;

import javax.net.ssl.SSLException;

/**
 * Why no connection to the Data API could be made at all, as opposed to one that was made and then broke. The
 * difference decides what the client does ({@link DataApiResilience}): a Data API that cannot be reached gets the
 * retry budget and no more, since waiting for it is waiting for a person to fix an address, a certificate or a
 * service that is not running.
 */
enum ConnectFailure {

    REFUSED("connection refused", "check LEDGERSYNC_API_BASE_URL and that the service is up"),
    UNKNOWN_HOST("unknown host", "check the host name in LEDGERSYNC_API_BASE_URL and this machine's DNS"),
    NO_ROUTE("no route to host", "check LEDGERSYNC_API_BASE_URL and the network path (firewall, proxy)"),
    TLS("TLS handshake failed", "check that LEDGERSYNC_API_BASE_URL has the right scheme (http or https) and that the "
            + "server's certificate is trusted by this JVM"),
    TIMEOUT("no connection within ledgersync.api.connect-timeout", "check LEDGERSYNC_API_BASE_URL, the network path "
            + "(firewall, proxy) and that the service is up");

    private final String what;
    private final String advice;

    ConnectFailure(String what, String advice) {
        this.what = what;
        this.advice = advice;
    }

    /**
     * The kind of a failure of the JDK's HTTP client, which wraps what went wrong: a refused connection is a
     * {@link ConnectException} without a message around a {@code ClosedChannelException}, an unknown host one around
     * an {@link UnresolvedAddressException}. Empty when a connection was made.
     */
    static Optional<ConnectFailure> of(IOException failure) {
        if (failure instanceof HttpConnectTimeoutException) {
            return Optional.of(TIMEOUT);
        }
        if (failure instanceof SSLException) {
            return Optional.of(TLS);
        }
        if (failure instanceof UnknownHostException) {
            return Optional.of(UNKNOWN_HOST);
        }
        if (!(failure instanceof ConnectException || failure instanceof NoRouteToHostException)) {
            return Optional.empty();
        }
        for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof UnresolvedAddressException || cause instanceof UnknownHostException) {
                return Optional.of(UNKNOWN_HOST);
            }
            if (cause instanceof NoRouteToHostException) {
                return Optional.of(NO_ROUTE);
            }
            if (cause instanceof HttpConnectTimeoutException) {
                return Optional.of(TIMEOUT);
            }
            if (cause instanceof SSLException) {
                return Optional.of(TLS);
            }
        }
        return Optional.of(REFUSED);
    }

    /** What happened, in words, e.g. {@code unknown host api.example.con}. */
    String describe(URI baseUrl, IOException failure) {
        return switch (this) {
            case UNKNOWN_HOST, NO_ROUTE -> what + (baseUrl == null ? "" : " " + baseUrl.getHost());
            case TLS -> what + (failure.getMessage() == null ? "" : " (" + failure.getMessage() + ")");
            default -> what;
        };
    }

    /** What a person can do about it. */
    String advice() {
        return advice;
    }
}
