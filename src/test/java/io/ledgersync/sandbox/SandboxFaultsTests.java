package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;
import io.ledgersync.MutableClock;

/** Every scripted fault of {@link SandboxFaults}, through real HTTP, with time on a clock the test moves. */
class SandboxFaultsTests {

    private final MutableClock clock = MutableClock.at("2026-03-01T10:00:00Z");
    private SandboxServer server;
    private SandboxHttp http;
    private String company;
    private String otherCompany;

    @BeforeEach
    void startSandbox() {
        server = SandboxServer.start(SandboxSettings.defaults().withCompanies(2).withInvoicesPerCompany(50)
                .withClock(clock));
        http = new SandboxHttp(server);
        company = server.dataSet().companyIds().get(0);
        otherCompany = server.dataSet().companyIds().get(1);
    }

    @AfterEach
    void stopSandbox() {
        server.close();
    }

    @Test
    void rateLimitServesTheBurstThenAnswers429WithRetryAfterAndRateHeaders() {
        // given 2 requests a second per key, bursts of 2
        server.faults().all().rateLimit(2, 2);

        // when three requests arrive within the same instant
        HttpResponse<String> first = http.get("/companies");
        HttpResponse<String> second = http.get("/companies");
        HttpResponse<String> third = http.get("/companies");

        // then the burst is served, counting down, and the third is refused with the wait for the next token
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("X-Rate-Limit-Limit")).hasValue("2");
        assertThat(first.headers().firstValue("X-Rate-Limit-Remaining")).hasValue("1");
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(third.statusCode()).isEqualTo(429);
        assertThat(third.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(third.headers().firstValue("X-Rate-Limit-Remaining")).hasValue("0");
        assertThat(third.headers().firstValue("X-Rate-Limit-Reset")).hasValue("2026-03-01T10:00:01Z");
        assertThat(SandboxHttp.json(third.body()).get("error").asString()).contains("too many requests");

        // and half a second later one token is back
        clock.advance(Duration.ofMillis(500));
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
        assertThat(http.get("/companies").statusCode()).isEqualTo(429);
    }

    @Test
    void rateLimitKeepsABucketPerClientKey() {
        String otherKey = server.createApiKey("second client");
        server.faults().all().rateLimit(1, 1);

        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
        assertThat(http.get("/companies").statusCode()).isEqualTo(429);
        // a second client is not slowed by the first one's bucket
        assertThat(http.getAs(otherKey, "/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void probabilistic429sAreTheSameForTheSameSeedAndRequestOrder() {
        server.faults().all().tooManyRequests(0.3, Duration.ofSeconds(2));
        List<Integer> first = statuses(http, 60);
        try (SandboxServer twin = SandboxServer.start(SandboxSettings.defaults().withCompanies(2)
                .withInvoicesPerCompany(50).withClock(clock))) {
            twin.faults().all().tooManyRequests(0.3, Duration.ofSeconds(2));
            assertThat(statuses(new SandboxHttp(twin), 60)).isEqualTo(first);
        }
        long refused = first.stream().filter(status -> status == 429).count();
        assertThat(refused).isBetween(8L, 30L);
        assertThat(server.faults().injected()).isEqualTo(refused);
    }

    @Test
    void tooManyRequestsNextRefusesThatManyWithTheGivenRetryAfterThenServes() {
        server.faults().path("/companies").tooManyRequestsNext(2, Duration.ZERO);

        HttpResponse<String> refused = http.get("/companies");
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue("0");
        assertThat(http.get("/companies").statusCode()).isEqualTo(429);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void tooManyRequestsWithoutRetryAfterSendsNone() {
        server.faults().all().tooManyRequestsNext(1, null);

        HttpResponse<String> refused = http.get("/companies");

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isEmpty();
        assertThat(refused.headers().firstValue("X-Rate-Limit-Remaining")).hasValue("0");
    }

    @Test
    void maintenanceWindowAnswers503OnTheClockWithTheSecondsLeft() {
        // given a window from one minute from now, lasting ten minutes
        server.faults().all().maintenance(clock.instant().plusSeconds(60), clock.instant().plusSeconds(660));

        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
        clock.advance(Duration.ofSeconds(60));
        HttpResponse<String> during = http.get("/companies");
        assertThat(during.statusCode()).isEqualTo(503);
        assertThat(during.headers().firstValue("Retry-After")).hasValue("600");
        assertThat(SandboxHttp.json(during.body()).get("error").asString()).contains("maintenance");
        clock.advance(Duration.ofSeconds(599));
        assertThat(http.get("/companies").headers().firstValue("Retry-After")).hasValue("1");
        clock.advance(Duration.ofSeconds(1));
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void maintenanceComesBeforeAuthentication() {
        server.faults().all().maintenanceFor(Duration.ofMinutes(5));

        assertThat(http.send("GET", "/companies", null).statusCode()).isEqualTo(503);
    }

    @Test
    void unavailableNextAnswers503ThatManyTimes() {
        server.faults().all().unavailableNext(2, Duration.ofSeconds(3));

        HttpResponse<String> first = http.get("/companies");
        assertThat(first.statusCode()).isEqualTo(503);
        assertThat(first.headers().firstValue("Retry-After")).hasValue("3");
        assertThat(http.get("/companies").statusCode()).isEqualTo(503);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void serverErrorNextAnswers500WithTheErrorBody() {
        server.faults().company(company).serverErrorNext(1);

        HttpResponse<String> failed = http.get(invoicesPath(company));

        assertThat(failed.statusCode()).isEqualTo(500);
        JsonNode body = SandboxHttp.json(failed.body());
        assertThat(body.get("statusCode").asInt()).isEqualTo(500);
        assertThat(body.get("error").asString()).isEqualTo("There is a problem with our server. Please try again later.");
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(200);
    }

    @Test
    void serverErrorsWithProbabilityOneFailEveryTargetedRequest() {
        server.faults().path("/companies/*/data/invoices").serverErrors(1.0);

        assertThat(statuses(http, 5, invoicesPath(company))).containsOnly(500);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void faultsOnOneCompanyLeaveTheOthersAlone() {
        server.faults().company(company).unavailableNext(3, null);

        assertThat(http.get(invoicesPath(otherCompany)).statusCode()).isEqualTo(200);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
        assertThat(http.get("/companies/" + company + "/dataStatus").statusCode()).isEqualTo(503);
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(503);
    }

    @Test
    void latencyDelaysOnlyTheTargetedPage() {
        server.faults().path("/companies/*/data/invoices").page(2).latency(Duration.ofMillis(300));

        long fast = timed(() -> http.get(invoicesPath(company) + "?pageSize=10"));
        long slow = timed(() -> http.get(invoicesPath(company) + "?page=2&pageSize=10"));

        assertThat(slow).isGreaterThanOrEqualTo(300);
        assertThat(fast).isLessThan(300);
        assertThat(server.faults().injected()).isZero();
    }

    @Test
    void droppedConnectionSendsPartOfTheBodyThenCloses() throws IOException {
        server.faults().path("/companies/*/data/invoices").dropConnectionNext(1, 100);

        // a raw socket sees the promised length, fewer bytes, then the end of the stream
        RawResponse raw = rawGet(invoicesPath(company) + "?pageSize=20");
        assertThat(raw.head()).startsWith("HTTP/1.1 200");
        assertThat(raw.contentLength()).isGreaterThan(1000);
        assertThat(raw.body()).hasSize(100);

        // and the next request is served whole
        assertThat(http.getJson(invoicesPath(company) + "?pageSize=20").get("results")).hasSize(20);
    }

    @Test
    void droppedConnectionIsAnIOExceptionForAnHttpClient() {
        server.faults().all().dropConnectionNext(1, 10);

        assertThatThrownBy(() -> http.get("/companies")).isInstanceOf(UncheckedIOException.class);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void clearRemovesEveryRequestFault() {
        server.faults().all().serverErrors(1.0).latency(Duration.ofSeconds(5));
        assertThat(server.faults().describe()).hasSize(2);

        server.faults().clear();

        assertThat(server.faults().describe()).isEmpty();
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void invalidFaultScriptsAreRefusedWhenWritten() {
        assertThatThrownBy(() -> server.faults().all().tooManyRequests(1.5, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("probability");
        assertThatThrownBy(() -> server.faults().all().serverErrorNext(0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> server.faults().path("companies"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> server.faults().dataSet("nope", "invoices"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> server.faults().dataSet(company, "bills"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bills");
    }

    private static List<Integer> statuses(SandboxHttp http, int count) {
        return statuses(http, count, "/companies");
    }

    private static List<Integer> statuses(SandboxHttp http, int count, String path) {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            statuses.add(http.get(path).statusCode());
        }
        return statuses;
    }

    private static long timed(Runnable action) {
        long start = System.nanoTime();
        action.run();
        return Duration.ofNanos(System.nanoTime() - start).toMillis();
    }

    private record RawResponse(String head, int contentLength, byte[] body) {
    }

    private RawResponse rawGet(String path) throws IOException {
        try (Socket socket = new Socket(server.baseUrl().getHost(), server.baseUrl().getPort())) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: sandbox\r\nAuthorization: "
                    + SandboxHttp.basic(server.apiKey()) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] all = in.readAllBytes();
            String text = new String(all, StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            String head = text.substring(0, end);
            Matcher length = Pattern.compile("(?i)content-length: (\\d+)").matcher(head);
            assertThat(length.find()).as("Content-Length in " + head).isTrue();
            byte[] body = java.util.Arrays.copyOfRange(all, end + 4, all.length);
            return new RawResponse(head, Integer.parseInt(length.group(1)), body);
        }
    }
}
