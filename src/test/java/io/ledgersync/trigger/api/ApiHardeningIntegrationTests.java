package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The REST API against an attacker and a careless client, over real HTTP (issue 25, item 5): guesses in parallel, huge
 * bodies, long lists of ids, run ids that are not plain numbers, paths the firewall refuses, the API description.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ApiHardeningIntegrationTests {

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1)
            .withInvoicesPerCompany(5).withSeed(25));
    private static final String PASSWORD = "test-hardening-password";
    private static final int ALLOWED = 5;
    private static final JsonMapper json = JsonMapper.builder().build();
    private static final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("ledgersync.api.base-url", () -> sandbox.baseUrl().toString());
        registry.add("ledgersync.api.api-key", sandbox::apiKey);
        registry.add("ledgersync.sync.on-startup", () -> false);
        registry.add("ledgersync.schedule.enabled", () -> false);
        registry.add("ledgersync.security.password", () -> PASSWORD);
        registry.add("ledgersync.security.failed-logins.allowed", () -> ALLOWED);
        registry.add("ledgersync.security.failed-logins.per", () -> "1h");
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:api-hardening;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                + "DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void givenManyParallelGuessesFromOneClientWhenTheyArriveTogetherThenNoMoreThanAllowedAreChecked() throws Exception {
        // another loopback address is another client: the other tests' client keeps its attempts
        int guesses = 150;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(guesses);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int guess = 0; guess < guesses; guess++) {
                String credentials = "admin:guess-" + guess;
                answers.add(threads.submit((Callable<Integer>) () -> {
                    start.await();
                    return RawHttp.get(port, "127.0.0.4", "/api/runs", credentials).status();
                }));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }

            assertThat(statuses).containsOnly(401, 429);
            assertThat(statuses.stream().filter(status -> status == 401).count()).as("401s: passwords checked")
                    .isLessThanOrEqualTo(ALLOWED);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void givenTheRightPasswordWhenItLogsInThenItsAttemptIsGivenBack() throws Exception {
        for (int login = 0; login < ALLOWED * 3; login++) {
            assertThat(RawHttp.get(port, "127.0.0.5", "/api/runs", "admin:" + PASSWORD).status()).isEqualTo(200);
        }
        assertThat(RawHttp.get(port, "127.0.0.5", "/api/runs", "admin:wrong").status()).as("attempts left").isEqualTo(401);
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
    void givenASmallChunkedBodyWhenPostedThenTheApiReadsIt() throws Exception {
        HttpResponse<String> refused = post("/api/runs", chunked("{\"companies\": [\"nope\"]}"));

        assertThat(problem(refused, 400).get("detail").asString()).contains("Unknown companies [nope]");
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

    @Test
    void givenTheErrorPathItselfWhenAskedForThenAProblemNotSpringsDefaultJson() throws Exception {
        HttpResponse<String> error = send("/error", null);

        problem(error, 404);
        assertThat(error.body()).doesNotContain("\"timestamp\"", "\"path\"");
    }

    @Test
    void givenNoCredentialsWhenTheApiDescriptionIsAskedForThen401AndWithThemItIsServed() throws Exception {
        for (String path : List.of("/v3/api-docs", "/swagger-ui.html", "/swagger-ui/index.html")) {
            problem(send(path, null), 401);
        }
        HttpResponse<String> apiDocs = get("/v3/api-docs");
        assertThat(apiDocs.statusCode()).isEqualTo(200);
        assertThat(apiDocs.body()).contains("/api/runs/{runId}/restart");
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
    private static HttpRequest.BodyPublisher chunked(String body) {
        return HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    }

    private HttpResponse<String> get(String path) throws Exception {
        return send(path, "admin:" + PASSWORD);
    }

    private HttpResponse<String> send(String path, String credentials) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET();
        if (credentials != null) {
            request.header("Authorization", basic(credentials));
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, HttpRequest.BodyPublisher body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).POST(body)
                .header("Content-Type", "application/json").header("Authorization", basic("admin:" + PASSWORD)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String credentials) {
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }
}
