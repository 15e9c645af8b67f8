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

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A plain HTTP client of one sandbox, so tests read like a client of the contract would behave. */
public final class SandboxHttp {

    /** Decimals exactly as written, so that sums of amounts are compared without binary rounding. */
    static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private final SandboxServer server;

    SandboxHttp(SandboxServer server) {
        this.server = server;
    }

    public static String basic(String key) {
        return "Basic " + Base64.getEncoder().encodeToString(key.getBytes(StandardCharsets.UTF_8));
    }

    /** GET with the right key; {@code pathAndQuery} is what a link href holds. */
    HttpResponse<String> get(String pathAndQuery) {
        return send("GET", pathAndQuery, basic(server.apiKey()));
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
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUrl() + pathAndQuery))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    JsonNode getJson(String pathAndQuery) {
        HttpResponse<String> response = get(pathAndQuery);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + pathAndQuery + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return json(response.body());
    }

    /** Reads a records the way rule 4 allows: first page without parameters, then only the next links. */
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
