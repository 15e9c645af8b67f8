package io.ledgersync.sandbox;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;

import tools.jackson.core.JsonGenerator;

/**
 * Answers every request of the sandbox: authenticate, route, validate, then stream the page. Every refusal is an
 * {@link ApiException} turned into the §2.4 error body here, so no path can answer with another shape.
 */
final class DataApiHandler implements HttpHandler {

    private static final Logger LOG = Logger.getLogger(DataApiHandler.class.getName());
    private static final String JSON = "application/json";
    private static final String SUPPORTED_DATA_TYPE = "invoices";

    private final SandboxDataset dataset;
    private final BasicAuth auth;
    private final RateLimitHeaders rateLimit;
    private final SelectionCache selections = new SelectionCache();
    private final AtomicLong requests = new AtomicLong();

    DataApiHandler(SandboxDataset dataset, BasicAuth auth, RateLimitHeaders rateLimit) {
        this.dataset = dataset;
        this.auth = auth;
        this.rateLimit = rateLimit;
    }

    long requestCount() {
        return requests.get();
    }

    @Override
    public void handle(HttpExchange exchange) {
        // Counted on arrival, so a client that has its response always sees its request counted.
        requests.incrementAndGet();
        try {
            answer(exchange);
        } catch (ApiException refusal) {
            sendError(exchange, refusal);
        } catch (RuntimeException | IOException failure) {
            // Once a page's headers are out, the only honest signal left is the broken connection.
            if (exchange.getResponseCode() == -1) {
                LOG.log(Level.WARNING, "sandbox failed on " + exchange.getRequestURI(), failure);
                sendError(exchange, ApiException.internal("The sandbox failed: " + failure));
            }
        } finally {
            exchange.close();
        }
    }

    private void answer(HttpExchange exchange) throws IOException {
        auth.check(exchange.getRequestHeaders().getFirst("Authorization"));
        String path = exchange.getRequestURI().getPath();
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String[] segments = path.split("/", -1);
        if (path.equals("/companies")) {
            requireGet(exchange, path);
            sendPage(exchange, dataset.companies());
        } else if (segments.length == 5 && segments[1].equals("companies") && segments[3].equals("data")) {
            requireGet(exchange, path);
            sendPage(exchange, dataSet(segments[2], segments[4]));
        } else {
            throw ApiException.notFound("NotFound", "No resource at " + path
                    + "; the sandbox serves /companies and /companies/{companyId}/data/invoices.");
        }
    }

    private Listing<Invoice> dataSet(String companyId, String dataType) {
        Company company = dataset.findCompany(companyId);
        if (company == null) {
            throw ApiException.notFound("NotFound", "Company " + companyId + " was not found, so its "
                    + dataType + " cannot be read.");
        }
        if (!dataType.equals(SUPPORTED_DATA_TYPE)) {
            throw ApiException.notFound("NotFound", "Datatype " + dataType + " not supported by platform(s) "
                    + company.platform() + ".");
        }
        return dataset.invoices(company);
    }

    private static void requireGet(HttpExchange exchange, String path) {
        if (!exchange.getRequestMethod().equals("GET")) {
            throw ApiException.methodNotAllowed(exchange.getRequestMethod(), path, "GET");
        }
    }

    private <T> void sendPage(HttpExchange exchange, Listing<T> listing) throws IOException {
        PageRequest request = PageRequest.from(parameters(exchange.getRequestURI().getRawQuery()));
        Selection selection = selections.select(listing, request.query());
        exchange.getResponseHeaders().set("Content-Type", JSON);
        rateLimit.addTo(exchange.getResponseHeaders());
        // Length 0 means chunked: a 5000-record page is streamed, never held whole in memory.
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream body = new BufferedOutputStream(exchange.getResponseBody(), 1 << 16);
             JsonGenerator generator = JsonOutput.generator(body)) {
            PageJson.write(generator, listing, request, selection);
        }
    }

    private void sendError(HttpExchange exchange, ApiException error) {
        byte[] body = ErrorJson.body(error).getBytes(StandardCharsets.UTF_8);
        try {
            exchange.getResponseHeaders().set("Content-Type", JSON);
            rateLimit.addTo(exchange.getResponseHeaders());
            if (error.status() == 401) {
                exchange.getResponseHeaders().set("WWW-Authenticate", "Basic realm=\"ledgersync sandbox\"");
            }
            if (error.allow() != null) {
                exchange.getResponseHeaders().set("Allow", error.allow());
            }
            exchange.sendResponseHeaders(error.status(), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (IOException e) {
            LOG.log(Level.FINE, "client went away before its error response", e);
        }
    }

    /** The first value of each parameter; a malformed percent escape is the client's error, hence 400. */
    static Map<String, String> parameters(String rawQuery) {
        Map<String, String> parameters = new HashMap<>();
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
