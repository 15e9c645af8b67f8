package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

import io.ledgersync.sandbox.records.DataTypes;

/** The server around the API: binding, concurrency, counting, headers, speed and stopping. */
class SandboxServerTests {

    @Test
    void defaultsAreLoopbackAnyPortFiveCompaniesOfAThousandInvoicesAsOfToday() {
        java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneOffset.UTC);
        SandboxSettings defaults = SandboxSettings.defaults();

        assertThat(defaults).isEqualTo(new SandboxSettings("127.0.0.1", 0, 5, Map.of("customers", 40,
                "invoices", 1000, "creditNotes", 100, "suppliers", 25, "bills", 400, "accounts", 30), 42L,
                "sandbox-key", Clock.systemUTC(), true, Duration.ZERO, null));
        assertThat(defaults.recordsAsOf()).as("today in UTC (or tomorrow, if the day turned meanwhile)")
                .isBetween(today, today.plusDays(1));
        assertThat(defaults.recordsPerCompany().keySet()).containsExactlyElementsOf(DataTypes.NAMES);
        assertThat(defaults.toString()).doesNotContain("sandbox-key");
    }

    @Test
    void invalidSettingsAreRefusedWhenMade() {
        SandboxSettings defaults = SandboxSettings.defaults();

        assertThatThrownBy(() -> defaults.withPort(70_000)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> defaults.withCompanies(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> defaults.withInvoicesPerCompany(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> defaults.withRecordsPerCompany("payments", 1))
                .hasMessageContaining("serves the data types [customers, invoices, creditNotes, suppliers, bills");
        assertThatThrownBy(() -> defaults.withRecordsPerCompany("accounts", 5))
                .hasMessage("recordsPerCompany.accounts must be at least 24 (other data sets refer to its first 24"
                        + " records), was 5");
        assertThatThrownBy(() -> defaults.withRecordsPerCompany("customers", 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> defaults.withApiKey("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> defaults.withHost(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void portZeroBindsAFreePortAndTheBaseUrlHasNoTrailingSlash() {
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults())) {
            assertThat(server.baseUrl().getPort()).isPositive();
            assertThat(server.baseUrl().toString()).matches("http://127\\.0\\.0\\.1:\\d+");
            assertThat(server.apiKey()).isEqualTo(SandboxSettings.DEFAULT_API_KEY);
            assertThat(new SandboxHttp(server).get("/companies").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void wildcardBindIsReachableThroughLoopback() {
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withHost("0.0.0.0"))) {
            assertThat(server.baseUrl().getHost()).isEqualTo("127.0.0.1");
            assertThat(new SandboxHttp(server).get("/companies").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void portInUseFailsWithAMessageNamingIt() throws IOException {
        try (ServerSocket taken = new ServerSocket(0)) {
            SandboxSettings settings = SandboxSettings.defaults().withPort(taken.getLocalPort());

            assertThatThrownBy(() -> SandboxServer.start(settings))
                    .hasMessageContaining("127.0.0.1:" + taken.getLocalPort());
        }
    }

    @Test
    void requestCountCountsEveryRequestWhateverItsStatus() {
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults())) {
            SandboxHttp http = new SandboxHttp(server);

            http.get("/companies");
            http.get("/nowhere");
            http.send("GET", "/companies", null);

            assertThat(server.requestCount()).isEqualTo(3);
        }
    }

    @Test
    void concurrentClientsAreAllServedCorrectly() {
        // given a sandbox and more simultaneous requests than it has threads
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withInvoicesPerCompany(2000))) {
            HttpClient client = HttpClient.newHttpClient();
            String companyId = server.dataSet().companyIds().get(3);

            // when 40 pages are requested at once
            List<CompletableFuture<HttpResponse<String>>> responses = IntStream.rangeClosed(1, 40)
                    .mapToObj(page -> client.sendAsync(HttpRequest.newBuilder(URI.create(server.baseUrl()
                                            + invoicesPath(companyId) + "?page=" + (1 + page % 20) + "&pageSize=100"))
                                    .header("Authorization", SandboxHttp.basic(server.apiKey())).build(),
                            HttpResponse.BodyHandlers.ofString()))
                    .toList();

            // then every one is answered with its own page
            for (int i = 0; i < responses.size(); i++) {
                HttpResponse<String> response = responses.get(i).join();
                assertThat(response.statusCode()).isEqualTo(200);
                JsonNode page = SandboxHttp.json(response.body());
                int pageNumber = 1 + (i + 1) % 20;
                assertThat(page.get("pageNumber").asInt()).isEqualTo(pageNumber);
                assertThat(page.get("results").get(0).toString()).isEqualTo(
                        SandboxHttp.json(server.dataSet().invoiceJson(companyId, (pageNumber - 1) * 100)).toString());
            }
            assertThat(server.requestCount()).isEqualTo(40);
        }
    }

    @Test
    void fiveThousandRecordPageIsCheap() {
        // given a company with more invoices than one maximal page
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withCompanies(1)
                .withInvoicesPerCompany(12_000))) {
            SandboxHttp http = new SandboxHttp(server);
            String page = invoicesPath(server.dataSet().companyIds().get(0)) + "?page=2&pageSize=5000";

            // when a full page of 5000 is read
            HttpResponse<String> response = http.get(page);

            // then it is complete, and cheap because it was streamed in chunks as its records were made, never held
            // whole; how fast is bench/sandbox-throughput.sh's to measure, not a wall-clock bound's in a test
            assertThat(SandboxHttp.json(response.body()).get("results").size()).isEqualTo(5000);
            assertThat(response.headers().firstValue("Transfer-Encoding")).hasValue("chunked");
            assertThat(response.headers().firstValue("Content-Length")).isEmpty();
        }
    }

    @Test
    void responsesAreJsonAndCarryTheRateLimitHeaders() {
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withCompanies(4))) {
            HttpResponse<String> first = new SandboxHttp(server).get("/companies");
            HttpResponse<String> second = new SandboxHttp(server).get("/companies");

            assertThat(first.headers().firstValue("Content-Type")).hasValue("application/json");
            assertThat(first.headers().firstValue("X-Rate-Limit-Limit")).hasValue("5000");
            assertThat(first.headers().firstValue("X-Rate-Limit-Remaining")).hasValue("4999");
            assertThat(second.headers().firstValue("X-Rate-Limit-Remaining")).hasValue("4998");
            assertThat(first.headers().firstValue("X-Rate-Limit-Reset")).hasValueSatisfying(reset ->
                    assertThat(reset).matches("\\d{4}-\\d{2}-\\d{2}T00:00:00Z"));
        }
    }

    @Test
    void closeStopsServingPromptly() {
        // given a sandbox that has served a request over a kept-alive connection, and holds another for ten minutes
        SandboxServer server = SandboxServer.start(SandboxSettings.defaults());
        SandboxHttp http = new SandboxHttp(server);
        http.get("/companies");
        server.faults().all().latency(Duration.ofMinutes(10));
        CompletableFuture<HttpResponse<String>> inFlight = http.getLater("/companies");
        await().until(() -> server.requestCount() == 2);

        // when it is closed
        server.close();

        // then it stopped at once: the request in flight is dropped rather than drained, and nothing is answered
        await().until(inFlight::isDone);
        assertThat(inFlight).isCompletedExceptionally();
        assertThatThrownBy(() -> http.get("/companies")).hasRootCauseInstanceOf(IOException.class);
    }
}
