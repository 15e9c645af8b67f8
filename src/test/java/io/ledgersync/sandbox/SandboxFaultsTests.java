package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

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
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import tools.jackson.databind.JsonNode;
import io.ledgersync.MutableClock;

/** Every scripted fault of {@link SandboxFaults}, through real HTTP, with time on a clock the test moves. */
class SandboxFaultsTests {

    private final MutableClock clock = MutableClock.at("2026-03-01T10:00:00Z");
    @RegisterExtension
    final SandboxHttp http = SandboxHttp.started(SandboxSettings.defaults().withCompanies(2).withInvoicesPerCompany(50)
            .withClock(clock));
    private final String company = http.companyId(0);
    private final String otherCompany = http.companyId(1);

    @Test
    void rateLimitServesTheBurstThenAnswers429WithRetryAfterAndRateHeaders() {
        // given 2 requests a second per key, bursts of 2
        http.faults().all().rateLimit(2, 2);

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
        String otherKey = http.server().createApiKey("second client");
        http.faults().all().rateLimit(1, 1);

        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
        assertThat(http.get("/companies").statusCode()).isEqualTo(429);
        // a second client is not slowed by the first one's bucket
        assertThat(http.getAs(otherKey, "/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void probabilistic429sAreTheSameForTheSameSeedAndRequestOrder() {
        http.faults().all().tooManyRequests(0.3, Duration.ofSeconds(2));
        List<Integer> first = statuses(http, 60);
        try (SandboxServer twin = SandboxServer.start(SandboxSettings.defaults().withCompanies(2)
                .withInvoicesPerCompany(50).withClock(clock))) {
            twin.faults().all().tooManyRequests(0.3, Duration.ofSeconds(2));
            assertThat(statuses(new SandboxHttp(twin), 60)).isEqualTo(first);
        }
        long refused = first.stream().filter(status -> status == 429).count();
        assertThat(refused).isBetween(8L, 30L);
        assertThat(http.faults().injected()).isEqualTo(refused);
    }

    @Test
    void tooManyRequestsNextRefusesThatManyWithTheGivenRetryAfterThenServes() {
        http.faults().path("/companies").tooManyRequestsNext(2, Duration.ZERO);

        HttpResponse<String> refused = http.get("/companies");
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue("0");
        assertThat(http.get("/companies").statusCode()).isEqualTo(429);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void tooManyRequestsWithoutRetryAfterSendsNone() {
        http.faults().all().tooManyRequestsNext(1, null);

        HttpResponse<String> refused = http.get("/companies");

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isEmpty();
        assertThat(refused.headers().firstValue("X-Rate-Limit-Remaining")).hasValue("0");
    }

    @Test
    void maintenanceWindowAnswers503OnTheClockWithTheSecondsLeft() {
        // given a window from one minute from now, lasting ten minutes
        http.faults().all().maintenance(clock.instant().plusSeconds(60), clock.instant().plusSeconds(660));

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
        http.faults().all().maintenanceFor(Duration.ofMinutes(5));

        assertThat(http.send("GET", "/companies", null).statusCode()).isEqualTo(503);
    }

    @Test
    void unavailableNextAnswers503ThatManyTimes() {
        http.faults().all().unavailableNext(2, Duration.ofSeconds(3));

        HttpResponse<String> first = http.get("/companies");
        assertThat(first.statusCode()).isEqualTo(503);
        assertThat(first.headers().firstValue("Retry-After")).hasValue("3");
        assertThat(http.get("/companies").statusCode()).isEqualTo(503);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void serverErrorNextAnswers500WithTheErrorBody() {
        http.faults().company(company).serverErrorNext(1);

        HttpResponse<String> failed = http.get(invoicesPath(company));

        assertThat(failed.statusCode()).isEqualTo(500);
        JsonNode body = SandboxHttp.json(failed.body());
        assertThat(body.get("statusCode").asInt()).isEqualTo(500);
        assertThat(body.get("error").asString()).isEqualTo("There is a problem with our server. Please try again later.");
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(200);
    }

    @Test
    void serverErrorsWithProbabilityOneFailEveryTargetedRequest() {
        http.faults().path("/companies/*/data/invoices").serverErrors(1.0);

        assertThat(statuses(http, 5, invoicesPath(company))).containsOnly(500);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void faultsOnOneCompanyLeaveTheOthersAlone() {
        http.faults().company(company).unavailableNext(3, null);

        assertThat(http.get(invoicesPath(otherCompany)).statusCode()).isEqualTo(200);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
        assertThat(http.get("/companies/" + company + "/dataStatus").statusCode()).isEqualTo(503);
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(503);
    }

    @Test
    void latencyDelaysOnlyTheTargetedPage() {
        // given page 2 held far longer than a test runs, and page 3 briefly
        http.faults().path("/companies/*/data/invoices").page(2).latency(Duration.ofMinutes(10));
        http.faults().path("/companies/*/data/invoices").page(3).latency(Duration.ofMillis(50));

        // when page 2 is asked for, and page 1 once page 2 has arrived
        CompletableFuture<HttpResponse<String>> slow = http.getLater(invoicesPath(company) + "?page=2&pageSize=10");
        await().until(() -> http.server().requestCount() == 1);
        HttpResponse<String> fast = http.get(invoicesPath(company) + "?pageSize=10");

        // then page 1 is answered while page 2 is still held; a held page is served once its latency is over; and
        // latency alone is no injected fault
        assertThat(fast.statusCode()).isEqualTo(200);
        assertThat(slow).isNotDone();
        assertThat(http.get(invoicesPath(company) + "?page=3&pageSize=10").statusCode()).isEqualTo(200);
        assertThat(http.faults().injected()).isZero();
    }

    @Test
    void droppedConnectionSendsPartOfTheBodyThenCloses() throws IOException {
        http.faults().path("/companies/*/data/invoices").dropConnectionNext(1, 100);

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
        http.faults().all().dropConnectionNext(1, 10);

        assertThatThrownBy(() -> http.get("/companies")).isInstanceOf(UncheckedIOException.class);
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void clearRemovesEveryRequestFault() {
        http.faults().all().serverErrors(1.0).latency(Duration.ofSeconds(5));
        assertThat(http.faults().describe()).hasSize(2);

        http.faults().clear();

        assertThat(http.faults().describe()).isEmpty();
        assertThat(http.get("/companies").statusCode()).isEqualTo(200);
    }

    @Test
    void invalidFaultScriptsAreRefusedWhenWritten() {
        assertThatThrownBy(() -> http.faults().all().tooManyRequests(1.5, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("probability");
        assertThatThrownBy(() -> http.faults().all().serverErrorNext(0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> http.faults().path("companies"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> http.faults().dataSet("nope", "invoices"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> http.faults().dataSet(company, "payments"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("payments");
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

    private record RawResponse(String head, int contentLength, byte[] body) {
    }

    private RawResponse rawGet(String path) throws IOException {
        try (Socket socket = new Socket(http.server().baseUrl().getHost(), http.server().baseUrl().getPort())) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: sandbox\r\nAuthorization: "
                    + SandboxHttp.basic(http.server().apiKey()) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
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
