package io.ledgersync.source;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Fault;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * What only byte-exact responses show: the Authorization header on the wire, links to other
 * origins, Retry-After in its forms, dropped connections, and the circuit breaker's pause.
 */
class DataApiClientWireMockTests {

    private static final String KEY = "live_key:with-colon-é";
    private static final String CORRELATION = "5f0e6c2a-1111-4abc-8def-0123456789ab";
    private static final String COMPANIES = "/v2/companies";

    private static final WireMockServer server = new WireMockServer(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"));
    private static final WireMockServer elsewhere = new WireMockServer(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"));

    private final FakeTime time = new FakeTime();

    @BeforeAll
    static void start() {
        server.start();
        elsewhere.start();
    }

    @AfterAll
    static void stop() {
        server.stop();
        elsewhere.stop();
    }

    @BeforeEach
    void reset() {
        server.resetAll();
        elsewhere.resetAll();
    }

    @Test
    void sendsBasicWithTheBase64OfTheKeyItselfAndNothingElse() {
        // given a key with a colon and a non-ASCII character
        stubPage(1, 1, 1, null);

        // when a page is read
        client().fetchPage("/companies?page=1&pageSize=1");

        // then the header is exactly "Basic " + base64(UTF-8 bytes of the key), not of user:password
        String expected = "Basic " + Base64.getEncoder().encodeToString(KEY.getBytes(StandardCharsets.UTF_8));
        server.verify(1, getRequestedFor(urlPathEqualTo(COMPANIES))
                .withHeader("Authorization", equalTo(expected))
                .withHeader("Accept", equalTo("application/json")));
        assertThat(server.getAllServeEvents().get(0).getRequest().getHeaders().getHeader("Authorization").values())
                .containsExactly(expected);
    }

    @Test
    void relativeNextLinksResolveUnderTheBaseUrlsPathPrefix() {
        // given two pages under /v2 whose links are relative to the API root (§2.3 rule 1)
        stubPage(1, 1, 2, "/companies?page=2&pageSize=1");
        stubPage(2, 1, 2, null);

        // when all pages are read
        List<Page> pages = TestClients.walk(client(), "/companies");

        // then both came from /v2/companies
        assertThat(pages).extracting(Page::pageNumber).containsExactly(1, 2);
        server.verify(2, getRequestedFor(urlPathEqualTo(COMPANIES)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "another port,   http://127.0.0.1:{elsewhere}/v2/companies?page=2&pageSize=1",
            "another host,   http://localhost:{server}/v2/companies?page=2&pageSize=1",
            "another scheme, https://127.0.0.1:{server}/v2/companies?page=2&pageSize=1",
            "scheme-relative, //localhost:{elsewhere}/v2/companies?page=2&pageSize=1",
    })
    void aNextLinkToAnotherOriginIsRefusedWithoutSendingTheKey(String name, String link) {
        // given a first page whose next link leaves the configured origin
        String next = link.replace("{elsewhere}", String.valueOf(elsewhere.port())).replace("{server}", String.valueOf(server.port()));
        stubPage(1, 1, 2, next);
        elsewhere.stubFor(get(anyUrl()).willReturn(aResponse().withStatus(200)));

        // when the first page is read
        DataApiClient client = client();

        // then the page that carries the link is refused whole (issue 17: never handed on, so never a resume point),
        // and nothing reached the other server
        assertThatThrownBy(() -> client.fetchPage(client.firstPageHref("/companies"))).isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("GET /companies?page=1&pageSize=1 answered 200")
                .hasMessageContaining("'_links.next' (" + next + ") is refused")
                .hasMessageContaining("refusing to follow a link outside the configured base URL")
                .hasMessageContaining("the API key is only ever sent to the base URL");
        elsewhere.verify(0, anyRequestedFor(anyUrl()));
        server.verify(1, anyRequestedFor(anyUrl()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "dot-dot,         /companies/../admin?page=2&pageSize=1",
            "encoded dot-dot, /companies/%2E%2e/admin?page=2&pageSize=1",
            "half-encoded,    /companies/.%2E/admin?page=2&pageSize=1",
            "dot,             /./companies?page=2&pageSize=1",
    })
    void aNextLinkWithADotSegmentIsRefusedWithThePageThatCarriesIt(String name, String next) {
        stubPage(1, 1, 2, next);
        DataApiClient client = client();

        assertThatThrownBy(() -> client.fetchPage(client.firstPageHref("/companies"))).isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("a '.' or '..' path segment");
        server.verify(1, anyRequestedFor(anyUrl()));
    }

    @Test
    void anAbsoluteNextLinkToTheSameOriginIsFollowed() {
        stubPage(1, 1, 2, base() + "/companies?page=2&pageSize=1");
        stubPage(2, 1, 2, null);

        List<Page> pages = TestClients.walk(client(), "/companies");

        assertThat(pages).hasSize(2);
    }

    @Test
    void aNextLinkBackToAnEarlierPageStopsPagingBeforeItIsFetched() {
        // given page 3 links back to page 1
        stubPage(1, 1, 5, "/companies?page=2&pageSize=1");
        stubPage(2, 1, 5, "/companies?page=3&pageSize=1");
        stubPage(3, 1, 5, "/companies?page=1&pageSize=1");

        // when paging, then the third page's next link is refused as a loop and page 1 is not fetched again
        // (the walk refuses the third page itself, with its link, before it is handed on)
        assertThatThrownBy(() -> TestClients.walk(client(), "/companies")).isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("repeats a page already read");
        server.verify(3, getRequestedFor(urlPathEqualTo(COMPANIES)));
    }

    @Test
    void pagingThatEndsShortOfTotalResultsIsReported() {
        // given two pages announcing 5 records but holding 3
        stubPage(1, 2, 5, "/companies?page=2&pageSize=2", 2);
        stubPage(2, 1, 5, null, 2);

        // when every page is read, then the end of the walk reports the shortfall
        assertThatThrownBy(() -> TestClients.walk(client(), "/companies")).isInstanceOfSatisfying(IncompleteReadException.class, e -> {
            assertThat(e.recordsRead()).isEqualTo(3);
            assertThat(e.totalResults()).isEqualTo(5);
        });
    }

    @ParameterizedTest(name = "Retry-After {0} waits {1} ms")
    @CsvSource({
            "7,      7000",
            "0,      1000",
            "86400,  60000",
            "soon,   1000",
    })
    void retryAfterIsWaitedThroughTheInjectedSleeperWithinFloorAndCeiling(String header, long expectedMillis) {
        // given a 429 with that Retry-After, then a page
        throttledOnce(aResponse().withHeader("Retry-After", header));

        // when the page is read
        Page page = client().fetchPage("/companies?page=1&pageSize=1");

        // then the client waited as long as the header (floor 1 s, ceiling 60 s) says, through the sleeper
        assertThat(page.pageNumber()).isEqualTo(1);
        assertThat(time.sleeps()).containsExactly(Duration.ofMillis(expectedMillis));
        server.verify(2, getRequestedFor(urlPathEqualTo(COMPANIES)));
    }

    @Test
    void anAbsentRetryAfterStillWaitsAtLeastTheFloor() {
        throttledOnce(aResponse());

        client().fetchPage("/companies?page=1&pageSize=1");

        // the backoff of a first retry (200 ms ±50%) is below the 1 s floor, so the floor is what is waited
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void anHttpDateRetryAfterIsMeasuredOnTheInjectedClock() {
        // given a Retry-After date 42 s after the fake clock's now
        String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(FakeTime.START.plusSeconds(42).atOffset(ZoneOffset.UTC));
        throttledOnce(aResponse().withHeader("Retry-After", date));

        client().fetchPage("/companies?page=1&pageSize=1");

        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(42));
    }

    @Test
    void a429StormGivesUpAfterMaxAttemptsWithTheLast429() {
        // given a Data API that only ever throttles
        server.stubFor(get(urlPathEqualTo(COMPANIES)).willReturn(error(429, "TooManyRequests: Rate limit exceeded.")
                .withHeader("Retry-After", "5")));

        // when a page is asked for, then the last 429 comes out, after every attempt and its wait
        assertThatThrownBy(() -> client().fetchPage("/companies?page=1&pageSize=1"))
                .isInstanceOfSatisfying(RateLimitedException.class, e -> {
                    assertThat(e.retryAfter()).contains(Duration.ofSeconds(5));
                    assertThat(e.correlationId()).isEqualTo(CORRELATION);
                });
        server.verify(TestClients.MAX_ATTEMPTS, getRequestedFor(urlPathEqualTo(COMPANIES)));
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5));
    }

    @Test
    void serverErrorsAreRetriedWithGrowingBackoff() {
        // given two 500s, then the page
        server.stubFor(get(urlPathEqualTo(COMPANIES)).inScenario("500s").whenScenarioStateIs(STARTED)
                .willReturn(error(500, "InternalServerError: boom")).willSetStateTo("again"));
        server.stubFor(get(urlPathEqualTo(COMPANIES)).inScenario("500s").whenScenarioStateIs("again")
                .willReturn(error(500, "InternalServerError: boom")).willSetStateTo("ok"));
        server.stubFor(get(urlPathEqualTo(COMPANIES)).inScenario("500s").whenScenarioStateIs("ok")
                .willReturn(page(1, 1, 1, null, 1)));

        // when the page is read
        client().fetchPage("/companies?page=1&pageSize=1");

        // then the waits were 200 ms and 400 ms, each ±50%
        assertThat(time.sleeps()).hasSize(2);
        assertThat(time.sleeps().get(0)).isBetween(Duration.ofMillis(100), Duration.ofMillis(300));
        assertThat(time.sleeps().get(1)).isBetween(Duration.ofMillis(200), Duration.ofMillis(600));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"CONNECTION_RESET_BY_PEER", "EMPTY_RESPONSE", "RANDOM_DATA_THEN_CLOSE", "MALFORMED_RESPONSE_CHUNK"})
    void aDroppedConnectionIsRetried(Fault fault) {
        // given the connection breaks three times in a row, then the page comes (the JDK's HTTP
        // client itself resends a GET once when a connection closes early, so one break is not enough)
        for (int i = 0; i < 3; i++) {
            server.stubFor(get(urlPathEqualTo(COMPANIES)).inScenario("drop").whenScenarioStateIs(i == 0 ? STARTED : "drop-" + i)
                    .willReturn(aResponse().withFault(fault)).willSetStateTo("drop-" + (i + 1)));
        }
        server.stubFor(get(urlPathEqualTo(COMPANIES)).inScenario("drop").whenScenarioStateIs("drop-3")
                .willReturn(page(1, 1, 1, null, 1)));

        // when the page is read
        Page page = client().fetchPage("/companies?page=1&pageSize=1");

        // then it arrives after at least one retry of ours, with a backoff wait
        assertThat(page.results()).hasSize(1);
        assertThat(time.sleeps()).isNotEmpty().allSatisfy(wait -> assertThat(wait).isPositive());
        server.verify(4, getRequestedFor(urlPathEqualTo(COMPANIES)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "401 | Unauthorized: The API key is incorrect.                   | ''                                                        | Check the API key",
            "402 | Payment Required                                          | Account expired. See https://docs.example.com/limits     | has expired: upgrade or renew the account",
            "403 | Forbidden: The key is not associated with this resource.  | ''                                                        | check the key's scope",
            "400 | BadRequest: pageSize must not exceed 5000, was 9000.      | ''                                                        | a bug or a bad data set definition",
            "405 | MethodNotAllowed: The requested resource does not support http method GET.   | ''                            | a bug on our side",
    })
    void permanentFailuresFailAtOnceQuotingTheBody(int status, String errorText, String validation, String advice) {
        // given a permanent refusal with a full error body
        server.stubFor(get(urlPathEqualTo(COMPANIES)).willReturn(error(status, errorText, validation)));

        // when a page is asked for, then it fails at once with everything the operator needs
        assertThatThrownBy(() -> client().fetchPage("/companies?page=1&pageSize=1"))
                .isInstanceOfSatisfying(DataApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(status);
                    assertThat(e.permanent()).isTrue();
                    assertThat(e.retriable()).isFalse();
                    assertThat(e.getMessage()).contains(errorText).contains(CORRELATION).contains(advice).contains(validation);
                    assertThat(e.getMessage()).doesNotContain(KEY);
                });
        server.verify(1, getRequestedFor(urlPathEqualTo(COMPANIES)));
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void notReadyIsNotRetriedHere() {
        server.stubFor(get(urlPathEqualTo("/v2/companies/c1/data/invoices"))
                .willReturn(error(409, "DataNotReady: The data set has not been requested.")));

        assertThatThrownBy(() -> client().fetchPage("/companies/c1/data/invoices?page=1&pageSize=1"))
                .isInstanceOf(DataSetNotReadyException.class);
        server.verify(1, getRequestedFor(urlPathEqualTo("/v2/companies/c1/data/invoices")));
    }

    @Test
    void a503WindowOpensTheCircuitAndPausesInsteadOfUsingUpTheRetries() {
        // given a maintenance window of six 503s, and a client of 3 attempts whose breaker opens after 2 failures
        for (int i = 0; i < 6; i++) {
            server.stubFor(get(urlPathEqualTo(COMPANIES)).inScenario("window").whenScenarioStateIs(i == 0 ? STARTED : "503-" + i)
                    .willReturn(error(503, "ServiceUnavailable: Down for maintenance.")).willSetStateTo("503-" + (i + 1)));
        }
        server.stubFor(get(urlPathEqualTo(COMPANIES)).inScenario("window").whenScenarioStateIs("503-6")
                .willReturn(page(1, 1, 1, null, 1)));
        DataApiClient client = client(properties -> properties.withRetry(TestClients.retry(3))
                .withCircuitBreaker(TestClients.breakerOpeningAfterTwoFailures(Duration.ofMinutes(10))));

        // when a page is read through the window
        Page page = client.fetchPage("/companies?page=1&pageSize=1");

        // then it arrives although the window was twice the retry budget: the open circuit paused the request
        assertThat(page.pageNumber()).isEqualTo(1);
        server.verify(7, getRequestedFor(urlPathEqualTo(COMPANIES)));
        assertThat(time.slept()).as("paused through the window, 30 s per opening").isGreaterThanOrEqualTo(Duration.ofSeconds(4 * 29));
        assertThat(time.sleeps()).filteredOn(wait -> wait.compareTo(Duration.ofSeconds(20)) > 0).hasSizeGreaterThanOrEqualTo(4);
        assertThat(client.resilience().circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void aCircuitOpenLongerThanMaxPauseFailsThePartition() {
        // given a Data API that stays down, and a client that may pause 2 minutes at most
        server.stubFor(get(urlPathEqualTo(COMPANIES)).willReturn(error(503, "ServiceUnavailable: Down for maintenance.")));
        DataApiClient client = client(properties -> properties.withCircuitBreaker(
                TestClients.breakerOpeningAfterTwoFailures(Duration.ofMinutes(2))));

        // when a page is asked for, then after pausing 2 minutes the open circuit is reported
        assertThatThrownBy(() -> client.fetchPage("/companies?page=1&pageSize=1"))
                .isInstanceOfSatisfying(CircuitOpenException.class, e -> assertThat(e.paused()).isGreaterThanOrEqualTo(Duration.ofMinutes(2)))
                .hasMessageContaining("circuit breaker 'dataApi' open");
        // and only a handful of requests were sent in those 2 minutes: 2 to open it, then one probe per 30 s
        assertThat(server.getAllServeEvents()).hasSizeBetween(4, 8);
    }

    @Test
    void aCompanyWhoseRequestsKeepFailingPausesAndFailsAloneWithinItsBound() {
        // given one company's invoices failing for good, another's answering, and a pause of at most 1 minute
        server.stubFor(get(urlPathEqualTo("/v2/companies/c1/data/invoices"))
                .willReturn(error(503, "ServiceUnavailable: The platform does not answer.")));
        server.stubFor(get(urlPathEqualTo("/v2/companies/c2/data/invoices")).willReturn(page(1, 1, 1, null, 1)));
        DataApiClient client = client(properties -> properties.withRetry(TestClients.retry(3))
                .withCircuitBreaker(TestClients.breakerOpeningAfterTwoFailures(Duration.ofMinutes(1))));

        // when the broken company is read, then its own breaker opens and its partition fails after its bound
        assertThatThrownBy(() -> client.fetchPage("/companies/c1/data/invoices?page=1&pageSize=1"))
                .isInstanceOf(CircuitOpenException.class)
                .hasMessageContaining("circuit breaker 'dataApi-c1/invoices' open");
        assertThat(time.slept()).as("retries and pauses of the one request").isLessThan(Duration.ofSeconds(75));
        assertThat(client.resilience().circuitBreaker("/companies/c1/data/invoices").getState())
                .as("given up on: the company's next request is the probe").isEqualTo(CircuitBreaker.State.HALF_OPEN);

        // and the other company is read at once: its breaker, and the company list's, stayed closed
        int sleepsBefore = time.sleeps().size();
        assertThat(client.fetchPage("/companies/c2/data/invoices?page=1&pageSize=1").pageNumber()).isEqualTo(1);
        assertThat(time.sleeps()).hasSize(sleepsBefore);
        assertThat(client.resilience().circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.CLOSED);
        assertThat(client.resilience().down()).as("one company failing is not the Data API down").isFalse();

        // and the broken company's next data set is read at once, through a breaker of its own
        server.stubFor(get(urlPathEqualTo("/v2/companies/c1/data/bills")).willReturn(page(1, 1, 1, null, 1)));
        assertThat(client.fetchPage("/companies/c1/data/bills?page=1&pageSize=1").pageNumber()).isEqualTo(1);
        assertThat(time.sleeps()).hasSize(sleepsBefore);
        assertThat(client.resilience().circuitBreaker("/companies/c1/data/bills").getState()).isEqualTo(CircuitBreaker.State.CLOSED);
        // and the broken data set's next request is the probe, which closes its breaker once the data set answers again
        server.stubFor(get(urlPathEqualTo("/v2/companies/c1/data/invoices")).willReturn(page(1, 1, 1, null, 1)));
        assertThat(client.fetchPage("/companies/c1/data/invoices?page=1&pageSize=1").pageNumber()).isEqualTo(1);
        assertThat(time.sleeps()).hasSize(sleepsBefore);
        assertThat(client.resilience().circuitBreaker("/companies/c1/data/invoices").getState()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void aCompanyDataSetsOpenBreakerDoesNotPauseItsCompanysOtherDataSetsRunningBesideIt() {
        // given one company's invoices failing for good, its customers answering (blast radius: data sets run side by side)
        server.stubFor(get(urlPathEqualTo("/v2/companies/c1/data/invoices"))
                .willReturn(error(500, "InternalServerError: The invoices endpoint is broken.")));
        server.stubFor(get(urlPathEqualTo("/v2/companies/c1/data/customers")).willReturn(page(1, 1, 1, null, 1)));
        DataApiClient client = client(properties -> properties.withRetry(TestClients.retry(3))
                .withCircuitBreaker(TestClients.breakerOpeningAfterTwoFailures(Duration.ofMinutes(1))));
        assertThatThrownBy(() -> client.fetchPage("/companies/c1/data/invoices?page=1&pageSize=1"))
                .isInstanceOf(CircuitOpenException.class);

        // when the invoices' breaker is open, as it is while their partition pauses beside the customers' partition
        CircuitBreaker invoices = client.resilience().circuitBreaker("/companies/c1/data/invoices");
        invoices.transitionToOpenState();
        int sleepsBefore = time.sleeps().size();

        // then the same company's customers are read at once, and their breaker is another one, closed
        assertThat(client.fetchPage("/companies/c1/data/customers?page=1&pageSize=1").pageNumber()).isEqualTo(1);
        assertThat(time.sleeps()).as("no pause for the customers").hasSize(sleepsBefore);
        assertThat(client.resilience().circuitBreaker("/companies/c1/data/customers")).isNotSameAs(invoices)
                .extracting(CircuitBreaker::getState).isEqualTo(CircuitBreaker.State.CLOSED);
        assertThat(invoices.getState()).isEqualTo(CircuitBreaker.State.OPEN);
    }

    @Test
    void resilienceIsBoundToMicrometerUnderTheNameDataApi() {
        // given a client with a meter registry, and one 429 before the page
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        throttledOnce(aResponse().withHeader("Retry-After", "1"));
        DataApiClient client = TestClients.client(base(), KEY, time, meters, UnaryOperator.identity());

        // when a page is read after one retry
        client.fetchPage("/companies?page=1&pageSize=1");

        // then the retry, breaker, limiter and bulkhead meters carry name=dataApi and the instances' values
        assertThat(meters.get("resilience4j.retry.calls").tag("name", "dataApi").tag("kind", "successful_with_retry")
                .functionCounter().count()).isEqualTo(1.0);
        assertThat(meters.get("resilience4j.circuitbreaker.state").tag("name", "dataApi").tag("state", "closed").gauge().value())
                .isEqualTo(1.0);
        assertThat(meters.get("resilience4j.circuitbreaker.state").tag("name", "dataApi").tag("state", "open").gauge().value())
                .isZero();
        assertThat(meters.get("resilience4j.bulkhead.available.concurrent.calls").tag("name", "dataApi").gauge().value())
                .isEqualTo(10.0);
        // 1000 requests per second are one permit every millisecond: the two taken come back within one
        Gauge permits = meters.get("resilience4j.ratelimiter.available.permissions").tag("name", "dataApi").gauge();
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(permits.value()).isEqualTo(1.0));
    }

    @Test
    void theRateLimiterWaitsThroughTheInjectedSleeper() {
        // given 1 request per second and three requests at once
        stubPage(1, 1, 1, null);
        DataApiClient client = client(properties -> properties.withRateLimit(new DataApiProperties.RateLimit(1, Duration.ofSeconds(10))));

        // when they are sent
        for (int i = 0; i < 3; i++) {
            client.fetchPage("/companies?page=1&pageSize=1");
        }

        // then the first went at once, and the sleeper was asked to wait for the second's turn in the first second
        // and for the third's in the second: the waits the limiter reserved, not slept by the client itself
        assertThat(time.sleeps()).hasSize(2);
        assertThat(time.sleeps().get(0)).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(time.sleeps().get(1)).isGreaterThan(Duration.ofSeconds(1)).isLessThanOrEqualTo(Duration.ofSeconds(2));
    }

    private DataApiClient client() {
        return client(UnaryOperator.identity());
    }

    private DataApiClient client(UnaryOperator<DataApiProperties> tweak) {
        return TestClients.client(base(), KEY, time, null, properties -> tweak.apply(properties.withPageSize(1)));
    }

    /** 127.0.0.1 rather than WireMock's "localhost", so that a link to localhost is another host. */
    private static URI base() {
        return URI.create("http://127.0.0.1:" + server.port() + "/v2");
    }

    private void throttledOnce(ResponseDefinitionBuilder throttle) {
        server.stubFor(get(urlPathEqualTo(COMPANIES)).inScenario("throttle").whenScenarioStateIs(STARTED)
                .willReturn(throttle.withStatus(429).withHeader("Content-Type", "application/json")
                        .withBody(errorBody(429, "TooManyRequests: Rate limit exceeded.", "")))
                .willSetStateTo("ok"));
        server.stubFor(get(urlPathEqualTo(COMPANIES)).inScenario("throttle").whenScenarioStateIs("ok")
                .willReturn(page(1, 1, 1, null, 1)));
    }

    private void stubPage(int number, int records, long total, String next) {
        stubPage(number, records, total, next, 1);
    }

    private void stubPage(int number, int records, long total, String next, int pageSize) {
        server.stubFor(get(urlPathEqualTo(COMPANIES)).withQueryParam("page", equalTo(String.valueOf(number)))
                .willReturn(page(number, records, total, next, pageSize)));
    }

    private static ResponseDefinitionBuilder page(int number, int records, long total, String next, int pageSize) {
        StringBuilder results = new StringBuilder();
        for (int i = 0; i < records; i++) {
            results.append(i == 0 ? "" : ",").append("{\"id\":\"r").append(number).append('-').append(i).append("\"}");
        }
        String links = next == null ? "{}" : "{\"next\":{\"href\":\"" + next + "\"}}";
        return aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody("{\"results\":[" + results
                + "],\"pageNumber\":" + number + ",\"pageSize\":" + pageSize + ",\"totalResults\":" + total + ",\"_links\":" + links + "}");
    }

    private static ResponseDefinitionBuilder error(int status, String errorText) {
        return error(status, errorText, "");
    }

    private static ResponseDefinitionBuilder error(int status, String errorText, String validation) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(errorBody(status, errorText, validation));
    }

    private static String errorBody(int status, String errorText, String validation) {
        String validationJson = validation.isEmpty() ? ""
                : ",\"validation\":{\"errors\":[{\"message\":\"" + validation + "\"}],\"warnings\":[]}";
        return "{\"statusCode\":" + status + ",\"service\":\"PublicApi\",\"error\":\"" + errorText + "\",\"correlationId\":\""
                + CORRELATION + "\"" + validationJson + ",\"canBeRetried\":\"Unknown\"}";
    }
}
