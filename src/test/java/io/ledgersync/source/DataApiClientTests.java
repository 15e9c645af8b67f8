package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/** The client against the sandbox over real HTTP: the paging rules of CONTRACT.md §2.3 and §5. */
class DataApiClientTests {

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(5).withInvoicesPerCompany(7));

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void rule4_followsNextLinkUntilAbsentWithoutSettingPageItself() {
        DataApiClient client = client(sandbox.apiKey(), 2);

        List<Page> pages = TestClients.walk(client, "/companies");

        assertThat(pages).hasSize(3);
        assertThat(pages).extracting(Page::pageNumber).containsExactly(1, 2, 3);
        assertThat(pages.get(2).next()).as("rule 5: the last page has no next link").isEmpty();
        assertThat(pages.stream().flatMap(p -> p.results().stream()).map(SourceRecord::id))
                .containsExactlyElementsOf(sandbox.dataSet().companyIds());
    }

    @Test
    void rule2_readsExactlyThePageCountThatTotalResultsAnnounces() {
        DataApiClient client = client(sandbox.apiKey(), 3);
        String company = sandbox.dataSet().companyIds().get(0);

        List<Page> pages = TestClients.walk(client, "/companies/" + company + "/data/invoices");

        assertThat(pages).hasSize((int) pages.get(0).pageCount());
        assertThat(pages.get(0).totalResults()).isEqualTo(7);
        assertThat(pages.stream().mapToInt(p -> p.results().size()).sum()).isEqualTo(7);
    }

    @Test
    void rule3_aFilteredReadIsCompleteAgainstTheFilteredTotalResults() {
        DataApiClient client = client(sandbox.apiKey(), 2);
        String company = sandbox.dataSet().companyIds().get(0);
        String resource = "/companies/" + company + "/data/invoices";
        PageWalk walk = new PageWalk(resource);

        Page page = client.fetchPage(resource + "?page=1&pageSize=2&query=" + java.net.URLEncoder.encode(
                "status!=Paid", java.nio.charset.StandardCharsets.UTF_8));
        walk.add(page);
        while (page.nextHref() != null) {
            assertThat(page.nextHref()).as("rule 4: links carry the filter").contains("query=");
            walk.checkNext(page.nextHref());
            page = client.fetchPage(page.nextHref());
            walk.add(page);
        }

        walk.verifyComplete(); // would throw if totalResults counted the unfiltered collection
        assertThat(walk.records()).isEqualTo(page.totalResults()).isLessThanOrEqualTo(7);
        long unpaid = java.util.stream.IntStream.range(0, 7)
                .filter(i -> !sandbox.dataSet().invoiceJson(company, i).contains("\"status\":\"Paid\"")).count();
        assertThat(walk.records()).isEqualTo(unpaid);
    }

    @Test
    void rule1_relativeHrefsResolveAgainstABaseUrlWithAPathPrefix() {
        DataApiClient client = TestClients.client(URI.create("https://api.example.com/v2/"), "k", new FakeTime());

        assertThat(client.resolve("/companies?page=2&pageSize=100"))
                .isEqualTo(URI.create("https://api.example.com/v2/companies?page=2&pageSize=100"));
    }

    @Test
    void refusesToFollowALinkToAnotherHost() {
        DataApiClient client = client(sandbox.apiKey(), 100);

        assertThatThrownBy(() -> client.resolve("https://elsewhere.example.com/companies?page=2"))
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("refusing to follow a link outside the configured base URL");
    }

    @Test
    void incorrectKeyIs401WithTheErrorTextCorrelationIdAndWhatToDo() {
        DataApiClient client = client("not-the-key", 100);

        assertThatThrownBy(() -> client.fetchPage("/companies?page=1&pageSize=100"))
                .isInstanceOfSatisfying(DataApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(401);
                    assertThat(e.correlationId()).isNotBlank();
                    assertThat(e.getMessage()).contains("GET /companies?page=1&pageSize=100 answered 401")
                            .contains(e.error().error())
                            .contains(e.correlationId())
                            .contains("LEDGERSYNC_API_KEY");
                });
    }

    @Test
    void unknownCompanyIs404NotFoundRatherThanUnsupported() {
        DataApiClient client = client(sandbox.apiKey(), 100);

        assertThatThrownBy(() -> client.fetchPage("/companies/no-such-company/data/invoices?page=1&pageSize=100"))
                .isInstanceOfSatisfying(DataApiException.class, e -> {
                    assertThat(e).isNotInstanceOf(DataTypeNotSupportedException.class);
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.getMessage()).contains("no-such-company");
                });
    }

    private static DataApiClient client(String key, int pageSize) {
        return TestClients.client(sandbox.baseUrl(), key, new FakeTime(), null, properties -> properties.withPageSize(pageSize));
    }
}
