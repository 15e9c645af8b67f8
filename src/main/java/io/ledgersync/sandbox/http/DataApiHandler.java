package io.ledgersync.sandbox.http;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;

import tools.jackson.core.JsonGenerator;

import io.ledgersync.sandbox.account.Account;
import io.ledgersync.sandbox.account.ApiKeys;
import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.Companies;
import io.ledgersync.sandbox.records.JsonOutput;
import io.ledgersync.sandbox.faults.FaultEffect;
import io.ledgersync.sandbox.faults.RequestFaults;
import io.ledgersync.sandbox.faults.RequestSummary;

/**
 * The Data API over HTTP: answers every request of the sandbox with scripted faults, then authentication, the
 * account's state, routing, and writing the response. Every refusal is an {@link ApiException} turned into the §2.4
 * error body here, so no path can answer with another shape. Thread-safe: the server calls it from many threads.
 */
public final class DataApiHandler implements HttpHandler {

    private static final Logger LOG = Logger.getLogger(DataApiHandler.class.getName());
    private static final String JSON = "application/json";

    /** Thrown out of {@link #handle} on purpose: the JDK server then closes the connection without finishing. */
    private static final class ConnectionDropped extends RuntimeException {
        ConnectionDropped() {
            super("connection dropped by a scripted fault", null, false, false);
        }
    }

    private final Routes routes;
    private final ApiKeys keys;
    private final Account account;
    private final RequestFaults faults;
    private final RateLimitHeaders rateLimit;
    private final AtomicLong requests = new AtomicLong();

    /** Serves {@code companies} to the holders of {@code keys}; {@code seed} fixes the ids the endpoints make up. */
    public DataApiHandler(Companies companies, ApiKeys keys, Account account, RequestFaults faults, Clock clock,
            long seed) {
        this.routes = new Routes(companies, keys, account, clock, seed);
        this.keys = keys;
        this.account = account;
        this.faults = faults;
        this.rateLimit = new RateLimitHeaders(account.dailyRequestLimit(), clock);
    }

    /** HTTP requests received since start, whatever their status. */
    public long requestCount() {
        return requests.get();
    }

    @Override
    public void handle(HttpExchange exchange) {
        // Counted on arrival, so a client that has its response always sees its request counted.
        requests.incrementAndGet();
        boolean dropped = false;
        try {
            FaultEffect fault = faults.verdict(describe(exchange));
            sleep(fault.delay());
            SuccessResponse response;
            try {
                if (fault.refusal() != null) {
                    throw fault.refusal();
                }
                response = answer(exchange);
            } catch (ApiException refusal) {
                response = null;
                dropped = fault.dropAfterBytes() >= 0;
                sendError(exchange, refusal, fault);
            }
            if (response != null) {
                dropped = fault.dropAfterBytes() >= 0;
                send(exchange, response, fault);
            }
        } catch (ConnectionDropped drop) {
            throw drop;
        } catch (RuntimeException | IOException failure) {
            // Once a page's headers are out, the only honest signal left is the broken connection.
            if (exchange.getResponseCode() == -1) {
                LOG.log(Level.WARNING, "sandbox failed on " + exchange.getRequestURI(), failure);
                sendError(exchange, ApiException.internal("The sandbox failed: " + failure), FaultEffect.NONE);
            }
        } finally {
            if (!dropped) {
                exchange.close();
            }
        }
    }

    private SuccessResponse answer(HttpExchange exchange) {
        ApiKeys.ApiKey key = keys.authenticate(exchange.getRequestHeaders().getFirst("Authorization"));
        account.requireNotExpired();
        return routes.route(exchange.getRequestMethod(), path(exchange), parameters(exchange.getRequestURI()
                .getRawQuery()), key, exchange.getRequestBody());
    }

    private RequestSummary describe(HttpExchange exchange) {
        String path = path(exchange);
        String[] segments = path.split("/", -1);
        String company = segments.length > 2 && segments[1].equals("companies") ? segments[2] : null;
        int page = 1;
        try {
            String text = parameters(exchange.getRequestURI().getRawQuery()).get("page");
            page = text == null ? 1 : Integer.parseInt(text.trim());
        } catch (RuntimeException unreadable) {
            // A page the route will refuse with 400 is nobody's page 1..n, and 0 matches no targeted page.
            page = 0;
        }
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        return new RequestSummary(exchange.getRequestMethod(), path, company, page,
                authorization == null ? "" : authorization.trim());
    }

    private static String path(HttpExchange exchange) {
        String path = exchange.getRequestURI().getPath();
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private static void sleep(Duration delay) {
        if (delay.isZero()) {
            return;
        }
        try {
            Thread.sleep(delay.toMillis(), delay.toNanosPart() % 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void send(HttpExchange exchange, SuccessResponse response, FaultEffect fault) throws IOException {
        Headers headers = exchange.getResponseHeaders();
        headers.set("Content-Type", JSON);
        rateHeaders(headers, fault, Map.of());
        if (response.body() == null) {
            exchange.sendResponseHeaders(response.status(), -1);
            return;
        }
        if (fault.dropAfterBytes() >= 0) {
            dropMidway(exchange, response.status(), render(response.body()), fault.dropAfterBytes());
        }
        if (response.paged()) {
            // Length 0 means chunked: a 5000-record page is streamed, never held whole in memory.
            exchange.sendResponseHeaders(response.status(), 0);
            try (OutputStream body = new BufferedOutputStream(exchange.getResponseBody(), 1 << 16);
                 JsonGenerator generator = JsonOutput.generator(body)) {
                response.body().accept(generator);
            }
        } else {
            byte[] body = render(response.body());
            exchange.sendResponseHeaders(response.status(), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private void sendError(HttpExchange exchange, ApiException error, FaultEffect fault) {
        byte[] body = ErrorJson.body(error).getBytes(StandardCharsets.UTF_8);
        try {
            Headers headers = exchange.getResponseHeaders();
            headers.set("Content-Type", JSON);
            rateHeaders(headers, fault, error.headers());
            if (error.status() == 401) {
                headers.set("WWW-Authenticate", "Basic realm=\"ledgersync sandbox\"");
            }
            if (fault.dropAfterBytes() >= 0) {
                dropMidway(exchange, error.status(), body, fault.dropAfterBytes());
            }
            exchange.sendResponseHeaders(error.status(), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (IOException e) {
            LOG.log(Level.FINE, "client went away before its error response", e);
        }
    }

    /** The informational daily quota, unless a rate-limit fault or the refusal itself says otherwise. */
    private void rateHeaders(Headers headers, FaultEffect fault, Map<String, String> own) {
        rateLimit.addTo(headers);
        if (fault.rateHeaders() != null) {
            fault.rateHeaders().forEach(headers::set);
        }
        own.forEach(headers::set);
    }

    /** Promises the whole body, sends part of it, then breaks the connection: a truncated response, as in the wild. */
    private static void dropMidway(HttpExchange exchange, int status, byte[] body, int afterBytes) throws IOException {
        exchange.sendResponseHeaders(status, body.length);
        OutputStream out = exchange.getResponseBody();
        out.write(body, 0, Math.min(afterBytes, Math.max(0, body.length - 1)));
        out.flush();
        throw new ConnectionDropped();
    }

    private static byte[] render(java.util.function.Consumer<JsonGenerator> body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator generator = JsonOutput.generator(bytes)) {
            body.accept(generator);
        }
        return bytes.toByteArray();
    }

    /** The first value of each parameter, in request order; a malformed percent escape is the client's error. */
    static Map<String, String> parameters(String rawQuery) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return parameters;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            try {
                parameters.putIfAbsent(URLDecoder.decode(name, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("The query string is not validly percent-encoded: " + pair);
            }
        }
        return parameters;
    }
}
