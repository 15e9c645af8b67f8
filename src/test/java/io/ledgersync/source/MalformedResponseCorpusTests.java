package io.ledgersync.source;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.github.tomakehurst.wiremock.WireMockServer;

/**
 * The corpus of malformed 200 responses under {@code src/test/resources/malformed/}, each served
 * byte for byte over HTTP: every one raises a MalformedResponseException that names the endpoint,
 * the page, the problem and a snippet of the body, is not retried, and hands nothing on.
 */
class MalformedResponseCorpusTests {

    private static final WireMockServer server = new WireMockServer(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"));

    private final FakeTime time = new FakeTime();
    private DataApiClient client;

    @BeforeAll
    static void start() {
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @BeforeEach
    void reset() {
        server.resetAll();
        client = TestClients.client(URI.create(server.baseUrl()), "k", time);
    }

    static Stream<Arguments> corpus() {
        List<Arguments> cases = new ArrayList<>();
        for (String line : resource("index.tsv").split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t");
            cases.add(Arguments.of(fields[0], fields[1]));
        }
        assertThat(cases).as("the corpus holds at least 20 responses").hasSizeGreaterThanOrEqualTo(20);
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void eachMalformedResponseRaisesOneClearException(String file, String problem) {
        // given the Data API answers page 3 of the invoices with the corpus file
        byte[] body = bytes(file);
        server.stubFor(get(urlPathEqualTo("/companies/c1/data/invoices"))
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(body)));

        // when the client reads it, then one classified exception says where and what
        assertThatThrownBy(() -> client.fetchPage("/companies/c1/data/invoices?page=3&pageSize=100"))
                .isInstanceOfSatisfying(MalformedResponseException.class, e -> {
                    assertThat(e.getMessage())
                            .contains("GET /companies/c1/data/invoices?page=3&pageSize=100")
                            .contains("(endpoint /companies/c1/data/invoices, page 3)")
                            .contains(problem)
                            .contains("body starts: ");
                    assertThat(e.retriable()).isFalse();
                    assertThat(e.status()).isEqualTo(200);
                });
        // and it was asked once: a broken page is not fetched again in a loop
        server.verify(1, getRequestedFor(urlPathEqualTo("/companies/c1/data/invoices")));
    }

    @Test
    void theSnippetQuotesTheBodyOnOneLineAndCutsItShort() {
        server.stubFor(get(urlPathEqualTo("/companies"))
                .willReturn(aResponse().withStatus(200).withBody(bytes("01-html-error-page.html"))));

        assertThatThrownBy(() -> client.fetchPage("/companies?page=1&pageSize=100"))
                .hasMessageContaining("(body starts: <html><head><title>502 Bad Gateway</title>");
    }

    @Test
    void aMalformedSecondPageHandsOnNothingOfIt() {
        // given a good first page whose next page is truncated
        server.stubFor(get(urlPathEqualTo("/companies")).withQueryParam("page", com.github.tomakehurst.wiremock.client.WireMock.equalTo("1"))
                .willReturn(aResponse().withStatus(200).withBody("""
                        {"results": [{"id": "a"}], "pageNumber": 1, "pageSize": 1, "totalResults": 2,
                         "_links": {"next": {"href": "/companies?page=2&pageSize=1"}}}""")));
        server.stubFor(get(urlPathEqualTo("/companies")).withQueryParam("page", com.github.tomakehurst.wiremock.client.WireMock.equalTo("2"))
                .willReturn(aResponse().withStatus(200).withBody(bytes("02-truncated-mid-record.json"))));
        Page first = client.fetchPage(client.firstPageHref("/companies"));

        // when paging, then the first page comes whole and the second only as the exception
        assertThat(first.results()).hasSize(1);
        assertThat(first.nextHref()).isNotNull();
        assertThatThrownBy(() -> client.fetchPage(first.nextHref())).isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("page 2");
    }

    private static byte[] bytes(String file) {
        try (InputStream in = MalformedResponseCorpusTests.class.getResourceAsStream("/malformed/" + file)) {
            assertThat(in).as(file).isNotNull();
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resource(String file) {
        return new String(bytes(file), StandardCharsets.UTF_8);
    }
}
