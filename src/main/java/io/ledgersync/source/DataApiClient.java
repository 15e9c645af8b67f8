package io.ledgersync.source;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;

import io.micrometer.core.instrument.MeterRegistry;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one way ledgersync talks to the Data API: authenticates every request (CONTRACT.md §5),
 * reads one page at a time from the href its caller gives, the first page's or a {@code _links.next}
 * (§2.3), turns error statuses into typed {@link DataApiException}s (§7), and retries, throttles and
 * pauses through Resilience4j. Walking a data set from page to page is the caller's, who keeps a
 * {@link PageWalk} of it.
 *
 * <p>Failing sources, two rules ({@link DataApiResilience} has the details): a Data API that answers
 * that it is failing (503, 500, other 5xx) or drops connections opens the circuit breaker, and requests
 * pause while it is open, up to {@code circuit-breaker.max-pause}; a Data API that cannot be connected
 * to at all (refused, unknown host, TLS, connect timeout) is retried within the retry budget only, then
 * the request fails with a {@link DataApiUnreachableException}.
 *
 * <p>Thread-safe: partitions share one instance, which holds no per-sync state.
 */
public final class DataApiClient {

    private final DataApiEndpoint endpoint;
    private final int pageSize;
    private final Duration readTimeout;
    private final HttpClient http;
    private final ResponseDecoder decoder;
    private final DataApiResilience resilience;
    private final Clock clock;
    private final DataApiObserver observer;
    private final String authorization;

    /**
     * @param endpoint where the Data API is and the key, the only place that holds them
     * @param properties the tuning: page size, timeouts, retry, rate limit, bulkhead, circuit breaker
     * @param meters where the Resilience4j meters go; null for none
     */
    DataApiClient(DataApiEndpoint endpoint, DataApiProperties properties, JsonMapper json, MeterRegistry meters,
            Clock clock, Sleeper sleeper) {
        this(endpoint, properties, json, meters, clock, sleeper, DataApiObserver.NONE);
    }

    DataApiClient(DataApiEndpoint endpoint, DataApiProperties properties, JsonMapper json, MeterRegistry meters,
            Clock clock, Sleeper sleeper, DataApiObserver observer) {
        this(endpoint, properties, json, meters, clock, sleeper, observer, null);
    }

    /** @param sharedBudget a rate budget shared with other processes, instead of this one's own limiter; null for none */
    DataApiClient(DataApiEndpoint endpoint, DataApiProperties properties, JsonMapper json, MeterRegistry meters,
            Clock clock, Sleeper sleeper, DataApiObserver observer, RequestBudget sharedBudget) {
        this.endpoint = endpoint;
        this.pageSize = properties.pageSize();
        this.readTimeout = properties.readTimeout();
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(properties.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER) // a redirect could carry the key elsewhere
                .build();
        this.decoder = new ResponseDecoder(json);
        this.resilience = DataApiResilienceFactory.create(properties, clock, sleeper, meters, observer, sharedBudget);
        this.clock = clock;
        this.observer = observer;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(endpoint.apiKey().getBytes(StandardCharsets.UTF_8));
    }

    public DataApiEndpoint endpoint() {
        return endpoint;
    }

    public int pageSize() {
        return pageSize;
    }

    DataApiResilience resilience() {
        return resilience;
    }

    /**
     * The href of the first page of a paged resource, e.g. {@code /companies?page=1&pageSize=100}.
     *
     * @param path the resource path relative to the base URL, starting with {@code /}
     */
    public String firstPageHref(String path) {
        return path + "?page=1&pageSize=" + pageSize;
    }

    /**
     * The href of the first page of a paged resource restricted by a {@code query} (docs/CONTRACT.md, "§10 The query
     * language"), URL-encoded; the {@code next} links the Data API gives carry it on.
     *
     * @param query the filter, or null for none
     */
    public String firstPageHref(String path, String query) {
        return query == null ? firstPageHref(path)
                : firstPageHref(path) + "&query=" + java.net.URLEncoder.encode(query, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * Reads one page, retrying 429/500/503/I/O failures; {@code href} is relative to the base URL,
     * as the {@code _links} give it. A link outside the base URL is refused before anything is sent.
     *
     * @throws DataApiUnreachableException when no attempt could connect
     * @throws DataApiException or one of its subclasses, which say what the failure means
     */
    public Page fetchPage(String href) {
        return fetchPage(href, RecordParse.IDS);
    }

    /**
     * {@link #fetchPage(String)}, each record read by {@code parse} in the pass that decodes the page, so that nothing
     * parses it again (issue 28).
     */
    public Page fetchPage(String href, RecordParse parse) {
        String request = "GET " + href;
        URI uri = resolve(href);
        String path = relativePath(uri);
        return resilience.execute(request, path, () -> fetchOnce(request, href, uri, path, parse));
    }

    /**
     * Asks the Data API once whether it takes our key, with the cheapest authenticated request there is: the first page
     * of the company list, one company long ({@code GET /companies?page=1&pageSize=1}). Sent once: no retry, circuit
     * breaker or rate budget, since {@code ledgersync check} asks how things stand now, in seconds, not whether they
     * come right within the retry budget.
     *
     * @throws DataApiConnectionException when no response arrived
     * @throws DataApiException or one of its subclasses for any other answer than 200, as a sync would meet it
     */
    public void probe() {
        String href = "/companies?page=1&pageSize=1";
        String request = "GET " + href;
        URI uri = resolve(href);
        fetchOnce(request, href, uri, relativePath(uri), RecordParse.IDS);
    }

    private Page fetchOnce(String request, String href, URI uri, String path, RecordParse parse) {
        HttpResponse<byte[]> response = send(request, uri, path);
        int status = response.statusCode();
        if (status != 200) {
            Duration retryAfter = RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null), clock);
            throw DataApiException.of(request, status, decoder.decodeError(status, response.body()), retryAfter);
        }
        return checkNextLink(request, decoder.decodePage(request, href, response.body(), parse));
    }

    /**
     * A page is validated whole before it is handed on, its {@code next} link included (issue 17): a link the client
     * would refuse to follow fails the page that carries it, so that the page is never written and its link never
     * becomes a resume point that every later run would fail on.
     */
    private Page checkNextLink(String request, Page page) {
        if (page.nextHref() != null) {
            String refusal = refusal(page.nextHref());
            if (refusal != null) {
                throw new MalformedResponseException(request, "'_links.next' (" + page.nextHref() + ") is refused: " + refusal);
            }
        }
        return page;
    }

    private HttpResponse<byte[]> send(String request, URI uri, String path) {
        HttpRequest httpRequest = HttpRequest.newBuilder(uri)
                .timeout(readTimeout)
                .header("Authorization", authorization)
                .header("Accept", "application/json")
                .GET()
                .build();
        long start = System.nanoTime();
        try {
            HttpResponse<byte[]> response = http.send(httpRequest, HttpResponse.BodyHandlers.ofByteArray());
            observer.responded(path, response.statusCode(), Duration.ofNanos(System.nanoTime() - start));
            return response;
        } catch (IOException e) {
            observer.responded(path, 0, Duration.ofNanos(System.nanoTime() - start));
            throw new DataApiConnectionException(request, endpoint.baseUrl(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DataApiException(request, 0, request + " was interrupted", e);
        }
    }

    /**
     * Resolves an href against the base URL, which may carry a path prefix: a relative href
     * ({@code /companies?page=2}, §2.3 rule 1) is appended to it. An absolute link is followed only
     * to the configured scheme, host and port: the key goes nowhere else.
     */
    URI resolve(String href) {
        String refusal = refusal(href);
        if (refusal != null) {
            throw new MalformedResponseException("GET " + href, refusal);
        }
        return target(href);
    }

    /** Why a link is not followed, or null when it may be: not a URI, a dot segment, another origin. */
    private String refusal(String href) {
        URI base = endpoint.baseUrl();
        URI target;
        try {
            target = target(href);
        } catch (IllegalArgumentException notAUri) {
            return "the link is not a valid URI: " + notAUri.getMessage();
        }
        if (hasDotSegment(target)) {
            return "refusing to follow a link with a '.' or '..' path segment (plain or percent-encoded):"
                    + " a normalising proxy would resolve it to another resource";
        }
        if (!sameOrigin(base, target)) {
            return "refusing to follow a link outside the configured base URL " + base + " (" + target.getScheme() + "://"
                    + target.getHost() + ":" + port(target) + "): the API key is only ever sent to the base URL";
        }
        return null;
    }

    private URI target(String href) {
        URI base = endpoint.baseUrl();
        if (href.startsWith("/") && !href.startsWith("//")) {
            return URI.create(base + href);
        }
        if (href.startsWith("//") || URI.create(href).isAbsolute()) {
            return URI.create(href.startsWith("//") ? base.getScheme() + ":" + href : href);
        }
        return URI.create(base + "/" + href);
    }

    /** Whether a segment of the path is a dot segment ({@link CompanyIds#isDotSegment}): a company's path carries its id. */
    private static boolean hasDotSegment(URI target) {
        String path = target.getRawPath() == null ? "" : target.getRawPath();
        for (String segment : path.split("/", -1)) {
            if (CompanyIds.isDotSegment(segment)) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameOrigin(URI base, URI target) {
        return target.getScheme() != null && target.getHost() != null
                && base.getScheme().equalsIgnoreCase(target.getScheme())
                && base.getHost().equalsIgnoreCase(target.getHost())
                && port(base) == port(target);
    }

    private static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    /** The path relative to the base URL's prefix, which names the company for the bulkhead. */
    private String relativePath(URI uri) {
        String prefix = endpoint.baseUrl().getRawPath() == null ? "" : endpoint.baseUrl().getRawPath();
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        return path.startsWith(prefix) ? path.substring(prefix.length()) : path;
    }
}
