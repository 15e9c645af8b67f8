package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.NoRouteToHostException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.UnaryOperator;

import javax.net.ssl.SSLHandshakeException;

import org.junit.jupiter.api.Test;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.ledgersync.ConfigDefaults;

/**
 * A Data API that cannot be connected to at all gets the retry budget, not the circuit breaker's pause: the request
 * fails with the base URL and the cause in its message, on the injected clock and sleeper, so these take milliseconds.
 */
class DataApiUnreachableTests {

    private final FakeTime time = new FakeTime();

    @Test
    void aRefusedConnectionFailsAfterTheRetryBudgetWithoutOpeningTheBreaker() throws IOException {
        // given nothing listening, and a breaker that would open after 2 failures and pause up to 15 minutes
        URI closed = closedPort();
        DataApiClient client = TestClients.client(closed, "key", time, null,
                properties -> properties.withCircuitBreaker(TestClients.breakerOpeningAfterTwoFailures(Duration.ofMinutes(15))));

        // when a page is asked for, then it fails after every attempt of the budget, naming the URL and the cause
        assertThatThrownBy(() -> client.fetchPage("/companies?page=1&pageSize=1"))
                .isInstanceOfSatisfying(DataApiUnreachableException.class, e -> {
                    assertThat(e.attempts()).isEqualTo(TestClients.MAX_ATTEMPTS);
                    assertThat(e.status()).isZero();
                    assertThat(e.retriable()).isFalse();
                    assertThat(e.permanent()).isFalse();
                })
                .hasMessageStartingWith("Cannot reach the Data API at " + closed + ": connection refused (4 attempts over ")
                .hasMessageEndingWith("check LEDGERSYNC_API_BASE_URL and that the service is up")
                .hasMessageNotContaining("ClosedChannelException");
        // and it waited only its backoff (200 ms doubling, ±50%), never the breaker's 30 s
        assertThat(time.sleeps()).hasSize(TestClients.MAX_ATTEMPTS - 1)
                .allSatisfy(wait -> assertThat(wait).isLessThan(Duration.ofSeconds(2)));
        assertThat(client.resilience().circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.CLOSED);
        assertThat(client.resilience().circuitBreaker().getMetrics().getNumberOfFailedCalls()).isZero();
    }

    @Test
    void withThePackagedDefaultsARefusedConnectionFailsInAboutHalfAMinuteNotFifteen() throws IOException {
        // given the packaged defaults (6 attempts, 1 s doubling ±50%, breaker pause up to 15 minutes) and nothing listening
        DataApiProperties defaults = ConfigDefaults.bind("ledgersync.api", DataApiProperties.class);
        DataApiClient client = TestClients.client(closedPort(), "key", time, null, properties -> defaults);

        // when a page is asked for
        assertThatThrownBy(() -> client.fetchPage("/companies?page=1&pageSize=1"))
                .isInstanceOfSatisfying(DataApiUnreachableException.class, e -> {
                    // then it gives up after 6 attempts and 1+2+4+8+16 s of backoff, each ±50%: 15.5 s to 46.5 s
                    assertThat(e.attempts()).isEqualTo(defaults.retry().maxAttempts()).isEqualTo(6);
                    assertThat(e.elapsed()).isBetween(Duration.ofMillis(15_500), Duration.ofMillis(46_600));
                    assertThat(e.getMessage()).contains("(6 attempts over " + e.elapsed().toSeconds() + " s)");
                });
        assertThat(time.slept()).isLessThan(Duration.ofMinutes(1));
    }

    @Test
    void anUnknownHostIsNamed() {
        DataApiClient client = TestClients.client(URI.create("http://no-such-host.invalid"), "key", time, null,
                UnaryOperator.identity());

        assertThatThrownBy(() -> client.fetchPage("/companies?page=1&pageSize=1"))
                .isInstanceOf(DataApiUnreachableException.class)
                .hasMessageContaining("Cannot reach the Data API at http://no-such-host.invalid: unknown host no-such-host.invalid")
                .hasMessageContaining("DNS");
    }

    @Test
    void httpsToAPlainHttpServerIsATlsFailure() throws Exception {
        // given a server that answers whatever it is sent with plain HTTP, addressed with https
        try (ServerSocket plain = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread answering = new Thread(() -> answerPlainHttp(plain), "plain-http");
            answering.setDaemon(true);
            answering.start();
            DataApiClient client = TestClients.client(URI.create("https://127.0.0.1:" + plain.getLocalPort()), "key", time,
                    null, UnaryOperator.identity());

            // when a page is asked for, then the handshake fails, and the message says what to check
            assertThatThrownBy(() -> client.fetchPage("/companies?page=1&pageSize=1"))
                    .isInstanceOf(DataApiUnreachableException.class)
                    .hasMessageContaining(": TLS handshake failed")
                    .hasMessageContaining("scheme (http or https)");
        }
    }

    @Test
    void theJdkClientsFailuresAreToldApart() {
        assertThat(ConnectFailure.of(wrapped(new ClosedChannelException()))).contains(ConnectFailure.REFUSED);
        assertThat(ConnectFailure.of(wrapped(new UnresolvedAddressException()))).contains(ConnectFailure.UNKNOWN_HOST);
        assertThat(ConnectFailure.of(wrapped(new NoRouteToHostException("No route to host")))).contains(ConnectFailure.NO_ROUTE);
        assertThat(ConnectFailure.of(new HttpConnectTimeoutException("HTTP connect timed out"))).contains(ConnectFailure.TIMEOUT);
        assertThat(ConnectFailure.of(new SSLHandshakeException("PKIX path building failed"))).contains(ConnectFailure.TLS);
        // a connection that was made and then broke is the breaker's business
        assertThat(ConnectFailure.of(new IOException("Connection reset"))).isEmpty();
        assertThat(ConnectFailure.of(new java.net.http.HttpTimeoutException("request timed out"))).isEmpty();
    }

    @Test
    void aDroppedConnectionStillCountsAgainstTheBreaker() {
        DataApiConnectionException dropped = new DataApiConnectionException("GET /companies", new IOException("Connection reset"));
        DataApiConnectionException refused = new DataApiConnectionException("GET /companies", URI.create("http://127.0.0.1:9"),
                wrapped(new ClosedChannelException()));

        assertThat(DataApiResilienceFactory.meansServiceDown(dropped)).isTrue();
        assertThat(DataApiResilienceFactory.meansServiceDown(refused)).isFalse();
        assertThat(refused.getMessage()).isEqualTo("GET /companies could not connect to http://127.0.0.1:9: connection refused. "
                + "Retried; if it persists, check LEDGERSYNC_API_BASE_URL and that the service is up");
    }

    private static void answerPlainHttp(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket socket = server.accept()) {
                socket.getOutputStream().write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            } catch (IOException closed) {
                // the test is over
            }
        }
    }

    /** The JDK's HTTP client wraps the cause of a failed connect twice, in ConnectExceptions without a message. */
    private static ConnectException wrapped(Throwable cause) {
        ConnectException inner = new ConnectException();
        inner.initCause(cause);
        ConnectException outer = new ConnectException();
        outer.initCause(inner);
        return outer;
    }

    /** A loopback port that nothing listens on: taken from the system, then let go. */
    private static URI closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }
    }
}
