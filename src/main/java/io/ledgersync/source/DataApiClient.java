package io.ledgersync.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.NoSuchElementException;

import tools.jackson.databind.json.JsonMapper;

/**
 * The one way ledgersync talks to the Data API: authenticates every request (data-api.md §5),
 * reads pages and follows their {@code _links.next} (§2.3), and turns error statuses into
 * {@link DataApiException}s (§7). Thread-safe; holds no per-sync state.
 */
public final class DataApiClient {

    private final DataApiEndpoint endpoint;
    private final int pageSize;
    private final Duration readTimeout;
    private final HttpClient http;
    private final ResponseDecoder decoder;
    private final String authorization;

    public DataApiClient(DataApiEndpoint endpoint, int pageSize, Duration connectTimeout, Duration readTimeout,
            JsonMapper json) {
        this.endpoint = endpoint;
        this.pageSize = pageSize;
        this.readTimeout = readTimeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER) // a redirect could carry the key elsewhere
                .build();
        this.decoder = new ResponseDecoder(json);
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(endpoint.apiKey().getBytes(StandardCharsets.UTF_8));
    }

    public DataApiEndpoint endpoint() {
        return endpoint;
    }

    public int pageSize() {
        return pageSize;
    }

    /**
     * The href of the first page of a paged resource, e.g. {@code /companies?page=1&pageSize=100}.
     *
     * @param path the resource path relative to the base URL, starting with {@code /}
     */
    public String firstPageHref(String path) {
        return path + "?page=1&pageSize=" + pageSize;
    }

    /** Reads one page; {@code href} is relative to the base URL, as the {@code _links} give it. */
    public Page fetchPage(String href) {
        String request = "GET " + href;
        HttpResponse<byte[]> response = get(request, resolve(href));
        if (response.statusCode() != 200) {
            throw DataApiException.of(request, response.statusCode(), decoder.decodeError(response.statusCode(), response.body()));
        }
        return decoder.decodePage(request, href, response.body());
    }

    /** Every page of a resource, fetched lazily, following {@code _links.next} until it is absent. */
    public Iterable<Page> pages(String path) {
        return () -> new Iterator<>() {
            private String next = firstPageHref(path);

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Page next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                Page page = fetchPage(next);
                next = page.nextHref();
                return page;
            }
        };
    }

    private HttpResponse<byte[]> get(String request, URI uri) {
        HttpRequest httpRequest = HttpRequest.newBuilder(uri)
                .timeout(readTimeout)
                .header("Authorization", authorization)
                .header("Accept", "application/json")
                .GET()
                .build();
        try {
            return http.send(httpRequest, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(request + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(request + " was interrupted", e);
        }
    }

    /**
     * Resolves an href against the base URL (which may carry a path prefix). An absolute link is
     * followed only to the configured scheme, host and port: the key goes nowhere else.
     */
    URI resolve(String href) {
        URI base = endpoint.baseUrl();
        if (href.startsWith("/")) {
            return URI.create(base + href);
        }
        URI target = URI.create(href);
        if (target.isAbsolute() && base.getScheme().equalsIgnoreCase(target.getScheme())
                && base.getHost().equalsIgnoreCase(target.getHost()) && base.getPort() == target.getPort()) {
            return target;
        }
        throw new MalformedResponseException("GET " + href, 200,
                "refusing to follow a link outside the configured base URL " + base, null, null);
    }
}
