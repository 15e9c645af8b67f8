package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.SandboxUnderTest;
import io.ledgersync.sandbox.SandboxServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.ledgersync.sandbox.SandboxSettings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The REST API over real HTTP: authentication, launch, detail, list, stop, restart, conflicts. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RunApiIntegrationTests {

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(3)
            .withInvoicesPerCompany(120).withSeed(5));
    private static final String PASSWORD = "test-operator-password";
    private static final JsonMapper json = JsonMapper.builder().build();
    private static final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    BuildProperties build;

    @Autowired
    MeterRegistry meters;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        SandboxUnderTest.register(registry, sandbox);
        registry.add("ledgersync.api.page-size", () -> 20);
        registry.add("ledgersync.security.password", () -> PASSWORD);
        registry.add("spring.datasource.url",
                () -> "jdbc:h2:mem:run-api;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }

    @AfterEach
    void clearFaults() {
        sandbox.faults().clear();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void theApiAndItsDescriptionNeedCredentialsButHealthDoesNot() throws Exception {
        assertThat(send("GET", "/api/runs", null, null).statusCode()).isEqualTo(401);
        assertThat(send("GET", "/api/runs", null, "admin:wrong").statusCode()).isEqualTo(401);
        assertThat(send("GET", "/actuator/health", null, null).statusCode()).isEqualTo(200);
        assertThat(send("GET", "/v3/api-docs", null, null).statusCode()).isEqualTo(401);
        HttpResponse<String> apiDocs = get("/v3/api-docs");
        assertThat(apiDocs.statusCode()).isEqualTo(200);
        assertThat(apiDocs.body()).contains("/api/runs/{runId}/restart");
    }

    @Test
    void launchAnswers202WithTheRunAndItsDetailShowsEachCompany() throws Exception {
        // a full refresh: the other tests of the class may have synced already, which would make this run incremental
        HttpResponse<String> launched = post("/api/runs", "{\"mode\": \"full\", \"datasets\": [\"companies\", \"invoices\"]}");

        assertThat(launched.statusCode()).isEqualTo(202);
        long runId = body(launched).get("runId").asLong();
        assertThat(launched.headers().firstValue("Location")).contains("/api/runs/" + runId);
        JsonNode detail = awaitStatus(runId, status -> status.equals("COMPLETED"));
        assertThat(detail.get("exitCode").asString()).isEqualTo("COMPLETED");
        assertThat(detail.get("partitions")).hasSize(1 + 3);
        JsonNode invoices = detail.get("partitions").get(1);
        assertThat(invoices.get("dataSet").asString()).isEqualTo("invoices");
        assertThat(invoices.get("records").asLong()).isEqualTo(120);
        assertThat(invoices.get("pages").asLong()).isEqualTo(6);
        assertThat(detail.get("reconciliation")).hasSize(3);
        assertThat(detail.get("reconciliation").get(0).get("matched").asBoolean()).isTrue();
        assertThat(detail.get("reconciliation").get(0).get("walk").asString()).isEqualTo("full");
        assertThat(detail.get("request").get("mode").asString()).as("the POST's word").isEqualTo("full");
        assertThat(detail.get("request").has("fullRefresh")).as("mode says it").isFalse();

        // and GET /api/status tells where each company data set now stands
        assertThat(send("GET", "/api/status", null, null).statusCode()).isEqualTo(401);
        JsonNode status = body(get("/api/status"));
        JsonNode companyInvoices = status.get("companyDataSets").get(0);
        assertThat(companyInvoices.get("dataSet").asString()).isEqualTo("invoices");
        assertThat(companyInvoices.get("state").asString()).isEqualTo("OK");
        assertThat(companyInvoices.get("watermark").asString()).endsWith("Z");
        assertThat(companyInvoices.get("lastFullSuccessAt").isNull()).isFalse();
        assertThat(companyInvoices.get("rowsLive").asLong()).isEqualTo(120);
        assertThat(companyInvoices.get("rowsDeleted").asLong()).isZero();
        assertThat(companyInvoices.get("lastReconciliation").get("runId").asLong()).isEqualTo(runId);
        assertThat(companyInvoices.get("lastReconciliation").get("walk").asString()).isEqualTo("full");

        JsonNode list = body(get("/api/runs?page=0&size=5"));
        assertThat(list.get("runs").get(0).get("runId").asLong()).as("newest first").isEqualTo(runId);
        assertThat(list.get("total").asLong()).isPositive();
    }

    @Test
    void aFailedCompanyDataSetComesFirstInItsRunAndItsStatusCountsItsFailedRunsSinceTheFirst() throws Exception {
        // given one company whose suppliers answer a plain 404 (no retry): the run fails it alone
        String broken = sandbox.dataSet().companyIds().get(2);
        sandbox.faults().path("/companies/" + broken + "/data/suppliers").notFound();
        String suppliers = "{\"datasets\": [\"suppliers\"]}";

        long runId = body(post("/api/runs", suppliers)).get("runId").asLong();

        // then its detail lists the failed partition first, and the status counts one failure since it failed
        JsonNode detail = awaitStatus(runId, status -> status.equals("FAILED"));
        assertThat(detail.get("request").get("mode").asString()).as("a POST without a mode: the default's word")
                .isEqualTo("incremental");
        JsonNode firstPartition = detail.get("partitions").get(0);
        assertThat(firstPartition.get("outcome").asString()).isEqualTo("FAILED");
        assertThat(firstPartition.get("companyId").asString()).isEqualTo(broken);
        assertThat(detail.get("partitions").get(1).get("outcome").asString()).isEqualTo("COMPLETED");
        JsonNode failing = companySuppliers(broken);
        assertThat(failing.get("state").asString()).isEqualTo("FAILED");
        assertThat(failing.get("consecutiveFailures").asInt()).isEqualTo(1);
        assertThat(failing.get("failingSince").asString()).endsWith("Z");
        JsonNode healthy = companySuppliers(sandbox.dataSet().companyIds().get(0));
        assertThat(healthy.get("consecutiveFailures").asInt()).isZero();
        assertThat(healthy.get("failingSince").isNull()).isTrue();

        // when the company is mended, the same request resumes the run, reads it, and its streak ends
        sandbox.faults().clear();
        long resumed = body(post("/api/runs", suppliers)).get("runId").asLong();
        awaitStatus(resumed, status -> status.equals("COMPLETED"));
        JsonNode mended = companySuppliers(broken);
        assertThat(mended.get("consecutiveFailures").asInt()).isZero();
        assertThat(mended.get("failingSince").isNull()).isTrue();
    }

    /** A company's suppliers as {@code GET /api/status} shows it. */
    private JsonNode companySuppliers(String companyId) throws Exception {
        for (JsonNode companyDataSet : body(get("/api/status")).get("companyDataSets")) {
            if (companyDataSet.get("dataSet").asString().equals("suppliers")
                    && companyDataSet.get("companyId").asString().equals(companyId)) {
                return companyDataSet;
            }
        }
        throw new AssertionError("GET /api/status shows no suppliers of " + companyId);
    }

    @Test
    void badParametersAre400WithTheReason() throws Exception {
        HttpResponse<String> unknownDataSet = post("/api/runs", "{\"datasets\": [\"payments\"]}");
        assertThat(unknownDataSet.statusCode()).isEqualTo(400);
        assertThat(body(unknownDataSet).get("detail").asString()).contains("Unknown data set 'payments'");

        assertThat(post("/api/runs", "{\"mode\": \"weekly\"}").statusCode()).isEqualTo(400);
        assertThat(post("/api/runs", "{not json").statusCode()).isEqualTo(400);
        assertThat(get("/api/runs?size=0").statusCode()).isEqualTo(400);
        assertThat(get("/api/runs/abc").statusCode()).isEqualTo(400);
    }

    @Test
    void acceptDeletesWithoutModeFullIs400NamingTheFixAndStartsNothing() throws Exception {
        long runsBefore = body(get("/api/runs")).get("total").asLong();

        HttpResponse<String> refused = post("/api/runs", "{\"datasets\": [\"invoices\"], \"acceptDeletes\": true}");

        assertProblem(refused, 400, "Field 'acceptDeletes' needs \"mode\": \"full\": only a full refresh marks deletes"
                + " (acceptDeletes lets it mark more than ledgersync.sync.deletes.max-fraction)");
        assertThat(body(get("/api/runs")).get("total").asLong()).isEqualTo(runsBefore);
    }

    @Test
    void anUnknownFieldIs400NamingItAndTheValidOnesAndStartsNothing() throws Exception {
        long runsBefore = body(get("/api/runs")).get("total").asLong();

        HttpResponse<String> unknown = post("/api/runs", "{\"dataset\": [\"invoices\"]}");

        assertProblem(unknown, 400, "Unknown field 'dataset': the fields are mode, datasets, companies, acceptDeletes");
        assertThat(body(get("/api/runs")).get("total").asLong()).as("no run of everything").isEqualTo(runsBefore);
    }

    @Test
    void aBodyThatIsNotJsonOrNotOfTheFormIs400SayingSoInTheApisWords() throws Exception {
        assertThat(problemDetail(post("/api/runs", "{\"datasets\": [\"invoices\""), 400))
                .startsWith("The request body is not valid JSON (line 1, column ");
        assertThat(problemDetail(post("/api/runs", "{\"datasets\": \"invoices\"}"), 400))
                .startsWith("Field 'datasets' must be an array of strings; the form is {\"mode\"");
        assertThat(problemDetail(post("/api/runs", "[\"invoices\"]"), 400)).startsWith("The request body must be a JSON object");
        assertThat(problemDetail(post("/api/runs", "{\"datasets\": [null]}"), 400)).contains("'datasets' holds an empty name");
        assertThat(problemDetail(post("/api/runs", "{\"mode\": \"full\", \"acceptDeletes\": \"yes\"}"), 400))
                .startsWith("Field 'acceptDeletes' must be true or false; the form is {\"mode\"");
        assertThat(problemDetail(get("/api/runs/abc"), 400)).isEqualTo("'abc' is not a valid runId: it must be a whole number");
        assertThat(problemDetail(get("/api/runs?page=x"), 400)).isEqualTo("'x' is not a valid page: it must be a whole number");
    }

    @Test
    void aPostWithoutContentTypeOrWithAnotherThanJsonIs415AndStartsNothing() throws Exception {
        long runsBefore = body(get("/api/runs")).get("total").asLong();
        String expected = "The API accepts only JSON: send Content-Type: application/json, also with an empty body";

        // no body and no Content-Type: what a cross-site fetch() sends without asking first
        HttpResponse<String> bare = sendRaw("POST", "/api/runs", null, null);
        assertThat(problemDetail(bare, 415)).isEqualTo(expected + " (this request had none or an unreadable one)");
        assertThat(bare.headers().firstValue("Accept")).contains("application/json");
        assertThat(problemDetail(sendRaw("POST", "/api/runs", "datasets=invoices",
                "application/x-www-form-urlencoded"), 415)).startsWith(expected);
        assertThat(problemDetail(sendRaw("POST", "/api/runs", "{\"datasets\": [\"invoices\"]}", "text/plain"), 415))
                .isEqualTo(expected + " (this request had text/plain)");
        assertThat(problemDetail(sendRaw("POST", "/api/runs",
                "--x\r\nContent-Disposition: form-data; name=\"datasets\"\r\n\r\ninvoices\r\n--x--\r\n",
                "multipart/form-data; boundary=x"),
                415)).startsWith(expected);
        assertThat(body(get("/api/runs")).get("total").asLong()).as("no run started").isEqualTo(runsBefore);
    }

    @Test
    void stopAndRestartRefuseFormPostsBeforeLookingAtTheRun() throws Exception {
        for (String action : List.of("stop", "restart")) {
            assertThat(problemDetail(sendRaw("POST", "/api/runs/987654/" + action, "", "application/x-www-form-urlencoded"),
                    415)).startsWith("The API accepts only JSON");
            assertThat(problemDetail(sendRaw("POST", "/api/runs/987654/" + action, null, null), 415))
                    .startsWith("The API accepts only JSON");
            assertThat(post("/api/runs/987654/" + action, "").statusCode()).as("as JSON it reaches the run").isEqualTo(404);
        }
    }

    @Test
    void aCrossSitePagesPreflightForAJsonPostIsAllowedNoOrigin() throws Exception {
        // the only way a page of another site could send application/json: the browser asks first
        HttpRequest preflight = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/runs"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://attacker.example")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type, authorization").build();

        HttpResponse<String> answer = http.send(preflight, HttpResponse.BodyHandlers.ofString());

        assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        assertThat(answer.headers().firstValue("Access-Control-Allow-Methods")).isEmpty();
    }

    @Test
    void failedLoginsAreSlowedPerClientAndCounted() throws Exception {
        // another loopback address is another client: the other tests' client is not throttled by this one
        double failuresBefore = meters.counter("ledgersync.auth.failures").count();
        List<Integer> statuses = new java.util.ArrayList<>();
        for (int attempt = 0; attempt < 50; attempt++) {
            statuses.add(RawHttp.get(port, "127.0.0.2", "/api/runs", "admin:guess-" + attempt).status());
        }

        assertThat(statuses.subList(0, 10)).containsOnly(401);
        assertThat(statuses.subList(10, 50)).containsOnly(429);
        RawHttp.Response right = RawHttp.get(port, "127.0.0.2", "/api/runs", "admin:" + PASSWORD);
        assertThat(right.status()).as("out of attempts, even the right password waits").isEqualTo(429);
        assertThat(Long.parseLong(right.header("Retry-After"))).isBetween(1L, 60L);
        assertThat(right.body()).contains("Too many failed logins from this client: try again in ");
        assertThat(get("/api/runs").statusCode()).as("another client is not affected").isEqualTo(200);
        assertThat(RawHttp.get(port, "127.0.0.2", "/actuator/health", null).status()).as("no credentials: not counted")
                .isEqualTo(200);
        assertThat(meters.counter("ledgersync.auth.failures").count() - failuresBefore).isEqualTo(10);
        assertThat(meters.counter("ledgersync.auth.throttled").count()).isGreaterThanOrEqualTo(41);
    }

    @Test
    void givenAnEmptyPasswordWhenAClientSendsItThen401SaysSoAndItIsNoFailedLogin() throws Exception {
        // what curl -u admin:$LEDGERSYNC_ADMIN_PASSWORD sends when the variable is not set in its shell
        double failuresBefore = meters.counter("ledgersync.auth.failures").count();
        List<RawHttp.Response> answers = new java.util.ArrayList<>();
        for (int attempt = 0; attempt < 20; attempt++) {
            answers.add(RawHttp.get(port, "127.0.0.3", "/api/status", "admin:"));
        }

        assertThat(answers).extracting(RawHttp.Response::status).as("never 429: not a guess").containsOnly(401);
        assertThat(answers.get(19).body()).contains("The password is empty: set LEDGERSYNC_ADMIN_PASSWORD in the shell that"
                + " sends the request");
        assertThat(answers.get(19).header("WWW-Authenticate")).isEqualTo("Basic realm=\"ledgersync\"");
        assertThat(meters.counter("ledgersync.auth.failures").count()).isEqualTo(failuresBefore);
        assertThat(RawHttp.get(port, "127.0.0.3", "/api/status", "admin:" + PASSWORD).status()).as("not locked out")
                .isEqualTo(200);
    }

    @Test
    void stoppingACompletedRunIs409WithItsStatusNotItsInternals() throws Exception {
        long runId = body(post("/api/runs", "{\"datasets\": [\"companies\"]}")).get("runId").asLong();
        awaitStatus(runId, status -> status.equals("COMPLETED"));

        assertProblem(post("/api/runs/" + runId + "/stop", ""), 409, "Sync run " + runId + " is not running (it COMPLETED)");
    }

    @Test
    void everyTimeOfTheApiIsAnInstantWithItsOffset() throws Exception {
        long runId = body(post("/api/runs", "{\"datasets\": [\"companies\"]}")).get("runId").asLong();
        JsonNode detail = awaitStatus(runId, status -> status.equals("COMPLETED"));
        JsonNode listed = body(get("/api/runs?size=1")).get("runs").get(0);

        for (JsonNode run : java.util.List.of(detail, listed)) {
            assertThat(run.get("startedAt").asString()).matches(INSTANT);
            assertThat(run.get("endedAt").asString()).matches(INSTANT);
            assertThat(java.time.Instant.parse(run.get("endedAt").asString()))
                    .isBetween(java.time.Instant.now().minusSeconds(120), java.time.Instant.now());
        }
    }

    @Test
    void unknownPathsMethodsAndCredentialsAreProblemsToo() throws Exception {
        HttpResponse<String> unauthorized = send("GET", "/api/runs", null, "admin:wrong");
        assertProblem(unauthorized, 401, "Authentication required: HTTP Basic with the API user (LEDGERSYNC_ADMIN_USER and LEDGERSYNC_ADMIN_PASSWORD)");
        assertThat(unauthorized.headers().firstValue("WWW-Authenticate")).contains("Basic realm=\"ledgersync\"");
        assertThat(problemDetail(get("/api/nothing-here"), 404)).contains("/api/nothing-here");
        assertThat(send("DELETE", "/api/runs", null, "admin:" + PASSWORD).statusCode()).isEqualTo(405);
        assertThat(body(send("DELETE", "/api/runs", null, "admin:" + PASSWORD)).get("status").asInt()).isEqualTo(405);
    }

    @Test
    void theApiDescriptionNamesTheProductItsBuildItsSecurityAndEveryAnswer() throws Exception {
        JsonNode api = body(get("/v3/api-docs"));

        assertThat(api.at("/info/title").asString()).isEqualTo("ledgersync");
        assertThat(api.at("/info/version").asString()).isEqualTo(build.getVersion()).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(api.at("/info/description").asString()).contains("sync runs");
        assertThat(api.at("/components/securitySchemes/basicAuth/type").asString()).isEqualTo("http");
        assertThat(api.at("/components/securitySchemes/basicAuth/scheme").asString()).isEqualTo("basic");
        assertCodes(api, "/api/runs", "post", "202", "400", "401", "409", "415", "429");
        assertCodes(api, "/api/runs", "get", "200", "400", "401", "429");
        assertCodes(api, "/api/status", "get", "200", "401", "429");
        assertCodes(api, "/api/runs/{runId}", "get", "200", "400", "401", "404", "429");
        assertCodes(api, "/api/runs/{runId}/stop", "post", "202", "400", "401", "404", "409", "415", "429");
        assertCodes(api, "/api/runs/{runId}/restart", "post", "202", "400", "401", "404", "409", "415", "429");
    }

    private static void assertCodes(JsonNode api, String path, String method, String... codes) {
        JsonNode operation = api.get("paths").get(path).get(method);
        assertThat(operation.get("security").get(0).has("basicAuth")).as(method + " " + path + " needs Basic").isTrue();
        assertThat(operation.get("responses").propertyNames()).as(method + " " + path).containsExactlyInAnyOrder(codes);
        for (String code : codes) {
            if (code.startsWith("4")) {
                assertThat(operation.at("/responses/" + code + "/content/application~1problem+json/schema/$ref").asString())
                        .as(method + " " + path + " " + code).isEqualTo("#/components/schemas/ProblemDetail");
            }
        }
    }

    @Test
    void unknownCompaniesAre400NamingThemWhetherOrNotTheRunReadsCompanies() throws Exception {
        HttpResponse<String> everything = post("/api/runs", "{\"companies\": [\"nope\"]}");
        HttpResponse<String> invoices = post("/api/runs", "{\"datasets\": [\"invoices\"], \"companies\": [\"nope\"]}");

        for (HttpResponse<String> refused : List.of(everything, invoices)) {
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(body(refused).get("detail").asString()).contains("Unknown companies [nope]");
        }
    }

    @Test
    void unknownRunIs404() throws Exception {
        HttpResponse<String> missing = get("/api/runs/987654");

        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(body(missing).get("detail").asString()).contains("No sync run 987654");
        assertThat(post("/api/runs/987654/stop", "").statusCode()).isEqualTo(404);
        assertThat(post("/api/runs/987654/restart", "").statusCode()).isEqualTo(404);
    }

    @Test
    void aSecondRunOfTheSameKindWhileOneIsActiveIs409AndAStoppedRunRestartsFromWhereItStopped() throws Exception {
        post("/api/runs", "{\"datasets\": [\"companies\"]}");
        awaitLatest(status -> status.equals("COMPLETED"));
        // slow enough that the run is still going when the stop arrives, on a busy machine too
        sandbox.faults().path("/companies/*/data/invoices").latency(Duration.ofSeconds(1));
        long runId = body(post("/api/runs", "{\"datasets\": [\"invoices\"]}")).get("runId").asLong();

        HttpResponse<String> conflict = post("/api/runs", "{\"datasets\": [\"invoices\"]}");
        assertThat(conflict.statusCode()).isEqualTo(409);
        assertThat(body(conflict).get("detail").asString()).contains("already active");

        JsonNode live = await().atMost(Duration.ofSeconds(60)).until(() -> body(get("/api/runs/" + runId)),
                detail -> detail.get("status").asString().equals("STARTED") && detail.hasNonNull("progress")
                        && detail.get("progress").get("pages").asLong() > 0);
        assertThat(live.get("startedAt").asString()).matches(INSTANT);
        assertThat(live.get("progress").get("elapsed").asString()).as("an ISO-8601 duration").matches("PT[0-9.]+S");
        HttpResponse<String> stopping = post("/api/runs/" + runId + "/stop", "");
        assertThat(stopping.statusCode()).isEqualTo(202);
        awaitStatus(runId, status -> status.equals("STOPPED"));
        // Batch marks the run STOPPED as soon as the stop is asked; its partitions stop at their next page boundary
        JsonNode stopped = await().atMost(Duration.ofSeconds(60)).alias("every partition of run " + runId + " has stopped")
                .until(() -> body(get("/api/runs/" + runId)), RunApiIntegrationTests::noPartitionRunning);
        assertThat(stopped.get("partitions")).as("stopped partitions are not completed ones")
                .anySatisfy(partition -> assertThat(partition.get("outcome").asString()).isEqualTo("STOPPED"))
                .noneSatisfy(partition -> assertThat(partition.get("outcome").asString()).isEqualTo("FAILED"));
        assertThat(post("/api/runs/" + runId + "/stop", "").statusCode()).as("not running any more").isEqualTo(409);
        sandbox.faults().clear();

        HttpResponse<String> restarted = post("/api/runs/" + runId + "/restart", "");

        assertThat(restarted.statusCode()).isEqualTo(202);
        assertThat(body(restarted).get("resumed").asBoolean()).isTrue();
        long resumedId = body(restarted).get("runId").asLong();
        JsonNode done = awaitStatus(resumedId, status -> status.equals("COMPLETED"));
        assertThat(done.get("resumedFrom").asLong()).isEqualTo(runId);
        long runRecords = 0;
        for (JsonNode partition : done.get("partitions")) {
            runRecords += partition.get("runRecords").asLong();
        }
        assertThat(runRecords).as("records read across the stopped run and its restart").isEqualTo(3 * 120);
        assertThat(done.get("totals").get("runRecords").asLong()).isEqualTo(3 * 120);
        assertThat(done.get("totals").get("records").asLong()).as("this execution: what the stopped one left")
                .isEqualTo(3 * 120 - stopped.get("totals").get("runRecords").asLong());
        assertThat(post("/api/runs/" + resumedId + "/restart", "").statusCode()).as("completed: nothing to restart")
                .isEqualTo(409);
    }

    private static final String INSTANT = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z";

    /** A problem detail (RFC 9457) with this status and detail, and nothing of our insides. */
    private static void assertProblem(HttpResponse<String> response, int status, String detail) {
        assertThat(problemDetail(response, status)).isEqualTo(detail);
    }

    private static String problemDetail(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.body()).doesNotContain("Exception", "java.", "tools.jackson", "JobExecution", "`");
        JsonNode problem = body(response);
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("title").asString()).isNotBlank();
        return problem.get("detail").asString();
    }

    private JsonNode awaitLatest(Predicate<String> status) throws Exception {
        long runId = body(get("/api/runs?size=1")).get("runs").get(0).get("runId").asLong();
        return awaitStatus(runId, status);
    }

    private static boolean noPartitionRunning(JsonNode detail) {
        for (JsonNode partition : detail.get("partitions")) {
            if (Set.of("STARTING", "STARTED", "STOPPING").contains(partition.get("status").asString())) {
                return false;
            }
        }
        return true;
    }

    private JsonNode awaitStatus(long runId, Predicate<String> wanted) {
        return await().atMost(Duration.ofSeconds(60)).alias("run " + runId + " reaches the wanted status")
                .until(() -> body(get("/api/runs/" + runId)), detail -> wanted.test(detail.get("status").asString()));
    }

    private HttpResponse<String> get(String path) throws Exception {
        return send("GET", path, null, "admin:" + PASSWORD);
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return send("POST", path, body, "admin:" + PASSWORD);
    }

    private HttpResponse<String> send(String method, String path, String body, String credentials) throws Exception {
        return send(method, path, body, credentials, "application/json");
    }

    /** With the right credentials, a body (or none) and a Content-Type (or none), as a page of another site could. */
    private HttpResponse<String> sendRaw(String method, String path, String body, String contentType) throws Exception {
        return send(method, path, body, "admin:" + PASSWORD, contentType);
    }

    private HttpResponse<String> send(String method, String path, String body, String credentials, String contentType)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        if (credentials != null) {
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode body(HttpResponse<String> response) {
        return json.readTree(response.body());
    }
}
