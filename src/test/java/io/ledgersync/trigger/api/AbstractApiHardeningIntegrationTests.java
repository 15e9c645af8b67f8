package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;

import io.ledgersync.SandboxUnderTest;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The REST API against an attacker and a careless client, over real HTTP (issue 25, item 5), on each database: the
 * refusals that read the warehouse (unknown companies named at most five, run ids that are not plain digits never
 * resolving to a run) and one that does not (a body over the limit, 413), as the proof that the web layer's refusals are
 * the same whatever the database. The rest of the web layer's refusals (parallel guesses, the description behind
 * credentials, /error) touch no database: {@code H2ApiHardeningIntegrationTests} has them. Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class AbstractApiHardeningIntegrationTests {

    /** One sandbox for both subclasses, for the JVM's life, as the metrics tests share theirs. */
    static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1)
            .withInvoicesPerCompany(5).withSeed(25));
    static final String PASSWORD = "test-hardening-password";
    static final int ALLOWED = 5;
    private static final JsonMapper json = JsonMapper.builder().build();
    private static final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    /** Everything but the database. */
    static void properties(DynamicPropertyRegistry registry) {
        SandboxUnderTest.register(registry, sandbox);
        registry.add("ledgersync.security.password", () -> PASSWORD);
        registry.add("ledgersync.security.failed-logins.allowed", () -> ALLOWED);
        registry.add("ledgersync.security.failed-logins.per", () -> "1h");
    }

    @Test
    void givenABodyOverTheLimitWhenPostedThen413AsAProblemWhetherItsLengthIsAnnouncedOrChunked() throws Exception {
        String huge = "{\"companies\": [\"" + "x".repeat(2 * 1024 * 1024) + "\"]}";

        HttpResponse<String> announced = post("/api/runs", HttpRequest.BodyPublishers.ofString(huge));
        HttpResponse<String> chunked = post("/api/runs", chunked(huge));

        for (HttpResponse<String> refused : List.of(announced, chunked)) {
            assertThat(problem(refused, 413).get("detail").asString())
                    .startsWith("The request body is larger than 1048576 bytes").contains("ledgersync.security.max-request-body");
            assertThat(refused.body().length()).isLessThan(1000);
        }
    }

    @Test
    void givenThousandsOfUnknownCompaniesWhenPostedThenTheProblemNamesTheFirstFiveAndCountsTheRest() throws Exception {
        String ids = IntStream.range(0, 5000).mapToObj(id -> "\"nope-" + id + "\"").collect(Collectors.joining(","));
        String longId = "\"" + "y".repeat(10_000) + "\"";

        HttpResponse<String> many = post("/api/runs", HttpRequest.BodyPublishers.ofString("{\"companies\": [" + ids + "]}"));
        HttpResponse<String> long_ = post("/api/runs", HttpRequest.BodyPublishers.ofString("{\"companies\": [" + longId + "]}"));
        HttpResponse<String> dataSet = post("/api/runs", HttpRequest.BodyPublishers.ofString("{\"datasets\": [" + longId + "]}"));

        assertThat(problem(many, 400).get("detail").asString())
                .startsWith("Unknown companies [nope-0, nope-1, nope-2, nope-3, nope-4] and 4995 more:");
        for (HttpResponse<String> refused : List.of(many, long_, dataSet)) {
            assertThat(problem(refused, 400).get("detail").asString().length()).as(refused.body()).isLessThan(400);
        }
    }

    @Test
    void givenARunIdThatIsNotPlainDigitsWhenAskedForThenAProblemAndNeverThatRun() throws Exception {
        HttpResponse<String> launched = post("/api/runs", HttpRequest.BodyPublishers.ofString("{\"datasets\": [\"companies\"]}"));
        assertThat(launched.statusCode()).as(launched.body()).isEqualTo(202);
        long runId = json.readTree(launched.body()).get("runId").asLong();
        assertThat(get("/api/runs/" + runId).statusCode()).isEqualTo(200);

        for (String path : List.of("0x" + Long.toHexString(runId), "%23" + runId, "+" + runId, "0" + runId + ".0",
                runId + ";" + runId, runId + "%00", "%2e%2e", "..%2f" + runId, runId + "%20", "/" + runId)) {
            HttpResponse<String> refused = get("/api/runs/" + path);
            assertThat(refused.statusCode()).as(path + ": " + refused.body()).isIn(400, 404);
            assertThat(refused.headers().firstValue("Content-Type")).as(path + ": " + refused.body())
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
            problem(refused, refused.statusCode());
            assertThat(refused.body()).as(path).doesNotContain("\"runId\"", "<html", "\"timestamp\"");
        }
    }

    /** A problem detail (RFC 9457) with this status, and nothing of our insides. */
    static JsonNode problem(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).as(response.body())
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.body()).doesNotContain("Exception", "java.", "tools.jackson");
        JsonNode problem = json.readTree(response.body());
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("title").asString()).isNotBlank();
        assertThat(problem.get("detail").asString()).isNotBlank();
        return problem;
    }

    /** A body sent without Content-Length, in chunks, as a stream of unknown length is. */
    static HttpRequest.BodyPublisher chunked(String body) {
        return HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    }

    HttpResponse<String> get(String path) throws Exception {
        return send(path, "admin:" + PASSWORD);
    }

    HttpResponse<String> send(String path, String credentials) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET();
        if (credentials != null) {
            request.header("Authorization", basic(credentials));
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, HttpRequest.BodyPublisher body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).POST(body)
                .header("Content-Type", "application/json").header("Authorization", basic("admin:" + PASSWORD)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String credentials) {
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }
}
