package io.ledgersync.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A sandbox for a test and a plain HTTP client of it, so tests read like a client of the contract would behave.
 *
 * <p>As a JUnit extension it starts the sandbox and closes it: in a static {@code @RegisterExtension} field one
 * sandbox serves the whole class, in an instance field each test gets a fresh one (for tests that script faults or
 * move a clock). {@code new SandboxHttp(server)} is a client of a sandbox a test started itself.
 */
public final class SandboxHttp implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    /** A version-4 UUID as the platform and {@link java.util.UUID#toString()} write it: canonical, lower case. */
    static final String UUID_FORM = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

    /** Decimals exactly as written, so that sums of amounts are compared without binary rounding. */
    static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private final SandboxSettings settings;
    private SandboxServer server;
    private boolean startedForEachTest;

    /** A client of a sandbox the caller started and closes. */
    public SandboxHttp(SandboxServer server) {
        this.settings = null;
        this.server = server;
    }

    private SandboxHttp(SandboxSettings settings) {
        this.settings = settings;
    }

    /** A sandbox with these settings, started and closed around the tests of the class that registers it. */
    static SandboxHttp started(SandboxSettings settings) {
        return new SandboxHttp(settings);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        server = SandboxServer.start(settings);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        // Registered in an instance field, the extension sees no beforeAll: each test gets its own sandbox.
        if (server == null) {
            server = SandboxServer.start(settings);
            startedForEachTest = true;
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (startedForEachTest) {
            server.close();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (server != null) {
            server.close();
        }
    }

    SandboxServer server() {
        return server;
    }

    /** The running sandbox's records, for comparisons with what was read. */
    SandboxDataSet dataSet() {
        return server.dataSet();
    }

    /** The running sandbox's fault script. */
    SandboxFaults faults() {
        return server.faults();
    }

    /**
     * The id of company {@code index} in {@code GET /companies} order; known before the sandbox starts, since the
     * settings fix every generated company.
     */
    String companyId(int index) {
        SandboxDataSet dataSet = server != null ? server.dataSet() : new SandboxDataSet(settings);
        return dataSet.companyIds().get(index);
    }

    public static String basic(String key) {
        return "Basic " + Base64.getEncoder().encodeToString(key.getBytes(StandardCharsets.UTF_8));
    }

    /** GET with the right key; {@code pathAndQuery} is what a link href holds. */
    HttpResponse<String> get(String pathAndQuery) {
        return send("GET", pathAndQuery, basic(server.apiKey()));
    }

    /** GET with the right key, answered later: for a request that a fault holds up. */
    CompletableFuture<HttpResponse<String>> getLater(String pathAndQuery) {
        return CLIENT.sendAsync(request("GET", pathAndQuery, basic(server.apiKey()), null),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Any method, with the given Authorization header or none when null. */
    HttpResponse<String> send(String method, String pathAndQuery, String authorization) {
        return send(method, pathAndQuery, authorization, null);
    }

    /** POST of a JSON body with the right key. */
    HttpResponse<String> post(String path, String json) {
        return send("POST", path, basic(server.apiKey()), json);
    }

    /** GET with another key. */
    HttpResponse<String> getAs(String key, String pathAndQuery) {
        return send("GET", pathAndQuery, basic(key));
    }

    /** Any method with a JSON body (none when null) and the given Authorization header (none when null). */
    HttpResponse<String> send(String method, String pathAndQuery, String authorization, String json) {
        try {
            return CLIENT.send(request(method, pathAndQuery, authorization, json),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpRequest request(String method, String pathAndQuery, String authorization, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUrl() + pathAndQuery))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return request.build();
    }

    JsonNode getJson(String pathAndQuery) {
        HttpResponse<String> response = get(pathAndQuery);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + pathAndQuery + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return json(response.body());
    }

    /** Reads a listing the way rule 4 allows: first page without parameters, then only the next links. */
    List<JsonNode> readAllByFollowingNext(String firstPath) {
        List<JsonNode> records = new ArrayList<>();
        String href = firstPath;
        while (href != null) {
            JsonNode page = getJson(href);
            page.get("results").values().forEach(records::add);
            JsonNode next = page.get("_links").get("next");
            href = next == null ? null : next.get("href").asString();
        }
        return records;
    }

    static JsonNode json(String text) {
        return JSON.readTree(text);
    }

    public static String invoicesPath(String companyId) {
        return "/companies/" + companyId + "/data/invoices";
    }
}
