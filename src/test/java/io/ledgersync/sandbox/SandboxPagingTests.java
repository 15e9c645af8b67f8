package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tools.jackson.databind.JsonNode;

/** The page envelope and its links, CONTRACT.md §2.3 rules 1–5, with the paging limits of §4.1 and §8. */
class SandboxPagingTests {

    private static final int INVOICES = 250;

    @RegisterExtension
    static final SandboxHttp http = SandboxHttp.started(SandboxSettings.defaults().withCompanies(3)
            .withInvoicesPerCompany(INVOICES).withSeed(7));
    private static final String companyId = http.companyId(1);

    @Test
    void rule1_hrefsAreRelativePathsWithPageAndPageSize() {
        // given a page in the middle of a company's invoices
        String path = invoicesPath(companyId);

        // when it is read
        JsonNode links = http.getJson(path + "?page=2&pageSize=100").get("_links");

        // then self is the resource and every other link is /<resource>?page=<n>&pageSize=<m>
        assertThat(links.get("self").get("href").asString()).isEqualTo(path);
        assertThat(links.get("current").get("href").asString()).isEqualTo(path + "?page=2&pageSize=100");
        assertThat(links.get("previous").get("href").asString()).isEqualTo(path + "?page=1&pageSize=100");
        assertThat(links.get("next").get("href").asString()).isEqualTo(path + "?page=3&pageSize=100");
        for (String name : List.of("current", "previous", "next")) {
            assertThat(links.get(name).get("href").asString()).matches("^/companies/[0-9a-f-]{36}/data/invoices"
                    + "\\?page=\\d+&pageSize=\\d+$");
        }
    }

    @Test
    void rule2_pageCountIsTotalResultsOverPageSizeRoundedUp() {
        // given 250 invoices read 100 at a time
        int pageSize = 100;

        // when every page is read by following next
        int pages = 0;
        long total = -1;
        int lastPageSize = -1;
        String href = invoicesPath(companyId) + "?pageSize=" + pageSize;
        while (href != null) {
            JsonNode page = http.getJson(href);
            pages++;
            total = page.get("totalResults").asLong();
            lastPageSize = page.get("results").size();
            JsonNode next = page.get("_links").get("next");
            href = next == null ? null : next.get("href").asString();
        }

        // then there were ceil(totalResults / pageSize) pages, the last one partly filled
        assertThat(total).isEqualTo(INVOICES);
        assertThat(pages).isEqualTo((int) Math.ceil((double) total / pageSize)).isEqualTo(3);
        assertThat(lastPageSize).isEqualTo(50);
    }

    @Test
    void rule3_totalResultsCountsOnlyRecordsMatchingTheFilter() {
        // given the invoices the data set says are paid
        SandboxDataSet dataSet = http.dataSet();
        List<String> paidIds = IntStream.range(0, INVOICES)
                .mapToObj(index -> SandboxHttp.json(dataSet.invoiceJson(companyId, index)))
                .filter(invoice -> invoice.get("status").asString().equals("Paid"))
                .map(invoice -> invoice.get("id").asString())
                .toList();
        assertThat(paidIds).isNotEmpty().hasSizeLessThan(INVOICES);

        // when the invoices are read with a filter on status
        JsonNode page = http.getJson(invoicesPath(companyId) + "?pageSize=5000&query=status%3DPaid");

        // then totalResults is the size of the subset, and the subset is what is served
        assertThat(page.get("totalResults").asInt()).isEqualTo(paidIds.size());
        assertThat(page.get("results").values()).extracting(invoice -> invoice.get("id").asString())
                .containsExactlyElementsOf(paidIds);
    }

    @Test
    void rule4_followingNextLinksFromAnUnparameterisedRequestReadsEveryRecordOnceInOrder() {
        // given a client that never sets page itself
        // when it follows next links from the bare resource path
        List<JsonNode> read = http.readAllByFollowingNext(invoicesPath(companyId));

        // then it has read every record once, in the data set's order
        List<String> expected = IntStream.range(0, INVOICES)
                .mapToObj(index -> SandboxHttp.json(http.dataSet().invoiceJson(companyId, index)).get("id")
                        .asString())
                .toList();
        assertThat(read).extracting(invoice -> invoice.get("id").asString()).containsExactlyElementsOf(expected);
    }

    @Test
    void rule4_nextLinksKeepTheFilterOfTheFirstRequest() {
        // given a filtered first request with small pages
        String first = invoicesPath(companyId) + "?pageSize=10&query=status%3DPaid%26%26amountDue%3D0";
        int expected = http.getJson(first).get("totalResults").asInt();

        // when the client follows next links
        List<JsonNode> read = http.readAllByFollowingNext(first);

        // then it reads exactly the filtered records, and the links carried the filter
        assertThat(read).hasSize(expected).allSatisfy(invoice ->
                assertThat(invoice.get("status").asString()).isEqualTo("Paid"));
        assertThat(http.getJson(first).get("_links").get("next").get("href").asString())
                .startsWith(invoicesPath(companyId) + "?page=2&pageSize=10&query=");
    }

    @Test
    void rule5_lastPageHasNoNextLink() {
        // given the last of three pages
        // when it is read
        JsonNode page = http.getJson(invoicesPath(companyId) + "?page=3&pageSize=100");

        // then it has records and a previous link but no next link
        assertThat(page.get("results").size()).isEqualTo(50);
        assertThat(page.get("_links").has("next")).isFalse();
        assertThat(page.get("_links").has("previous")).isTrue();
    }

    @Test
    void exactlyFullLastPageHasNoNextLink() {
        // given 250 invoices in pages of 125
        JsonNode page = http.getJson(invoicesPath(companyId) + "?page=2&pageSize=125");

        // then the second page is full and still the last
        assertThat(page.get("results").size()).isEqualTo(125);
        assertThat(page.get("_links").has("next")).isFalse();
    }

    @Test
    void firstPageHasNoPreviousLink() {
        JsonNode links = http.getJson(invoicesPath(companyId)).get("_links");

        assertThat(links.has("previous")).isFalse();
        assertThat(links.has("next")).isTrue();
    }

    @Test
    void pagePastTheEndIsEmptyWithoutNextLink() {
        // when a page after the last is asked for
        JsonNode page = http.getJson(invoicesPath(companyId) + "?page=9&pageSize=100");

        // then it is empty, still counts the whole set, and offers no next page
        assertThat(page.get("results").size()).isZero();
        assertThat(page.get("totalResults").asInt()).isEqualTo(INVOICES);
        assertThat(page.get("pageNumber").asInt()).isEqualTo(9);
        assertThat(page.get("_links").has("next")).isFalse();
    }

    @Test
    void emptyCollectionIsOneEmptyPageWithoutNextLink() {
        // given a sandbox without companies
        try (SandboxServer empty = SandboxServer.start(SandboxSettings.defaults().withCompanies(0))) {
            // when the companies are listed
            JsonNode page = new SandboxHttp(empty).getJson("/companies");

            // then there are no results and nothing to follow
            assertThat(page.get("results").size()).isZero();
            assertThat(page.get("totalResults").asInt()).isZero();
            assertThat(page.get("_links").has("next")).isFalse();
            assertThat(page.get("_links").has("previous")).isFalse();
        }
    }

    @Test
    void pagingDefaultsToPageOneOfOneHundred() {
        // when neither page nor pageSize is given
        JsonNode page = http.getJson(invoicesPath(companyId));

        // then page 1 of 100 records is served and the links say so
        assertThat(page.get("pageNumber").asInt()).isEqualTo(1);
        assertThat(page.get("pageSize").asInt()).isEqualTo(100);
        assertThat(page.get("results").size()).isEqualTo(100);
        assertThat(page.get("_links").get("current").get("href").asString())
                .isEqualTo(invoicesPath(companyId) + "?page=1&pageSize=100");
    }

    @Test
    void envelopeHasExactlyTheFieldsOfSection2_3() {
        JsonNode page = http.getJson("/companies");

        assertThat(page.propertyNames())
                .containsExactly("results", "pageNumber", "pageSize", "totalResults", "_links");
    }

    @Test
    void companiesArePagedWithTheSameLinks() {
        // given three companies read two at a time
        JsonNode first = http.getJson("/companies?pageSize=2");
        JsonNode second = http.getJson(first.get("_links").get("next").get("href").asString());

        // then the two pages hold the three companies in order, linked both ways
        assertThat(first.get("_links").get("self").get("href").asString()).isEqualTo("/companies");
        assertThat(first.get("_links").get("next").get("href").asString()).isEqualTo("/companies?page=2&pageSize=2");
        assertThat(second.get("_links").get("previous").get("href").asString())
                .isEqualTo("/companies?page=1&pageSize=2");
        assertThat(second.get("_links").has("next")).isFalse();
        List<String> ids = new ArrayList<>();
        first.get("results").values().forEach(company -> ids.add(company.get("id").asString()));
        second.get("results").values().forEach(company -> ids.add(company.get("id").asString()));
        assertThat(ids).containsExactlyElementsOf(http.dataSet().companyIds());
    }

    @Test
    void pageSizeOfTheMaximumIsServed() {
        JsonNode page = http.getJson(invoicesPath(companyId) + "?pageSize=5000");

        assertThat(page.get("pageSize").asInt()).isEqualTo(5000);
        assertThat(page.get("results").size()).isEqualTo(INVOICES);
    }

    @Test
    void pageSizeAboveTheMaximumIsRefusedWith400NamingTheMaximum() {
        // when more than 5000 records per page are asked for
        HttpResponse<String> response = http.get(invoicesPath(companyId) + "?pageSize=5001");

        // then the request is refused and the error says what the maximum is
        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode error = SandboxHttp.json(response.body());
        assertThat(error.get("statusCode").asInt()).isEqualTo(400);
        assertThat(error.get("error").asString()).startsWith("BadRequest: ").contains("5000").contains("5001");
    }

    @ParameterizedTest
    @ValueSource(strings = {"page=0", "page=-1", "page=two", "page=", "page=1.5", "pageSize=0", "pageSize=-10",
            "pageSize=many", "pageSize=99999999999", "page=99999999999"})
    void invalidPagingParametersAreRefusedWith400NamingTheParameter(String parameter) {
        // when a paging parameter is not a positive whole number in range
        HttpResponse<String> response = http.get("/companies?" + parameter);

        // then the request is refused with an error naming that parameter
        assertThat(response.statusCode()).isEqualTo(400);
        String name = parameter.substring(0, parameter.indexOf('='));
        assertThat(SandboxHttp.json(response.body()).get("error").asString())
                .startsWith("BadRequest: " + name + " must be");
    }

    @Test
    void veryLargePageNumberIsAnEmptyPageNotAnOverflow() {
        JsonNode page = http.getJson(invoicesPath(companyId) + "?page=2147483647&pageSize=5000");

        assertThat(page.get("results").size()).isZero();
        assertThat(page.get("_links").has("next")).isFalse();
    }
}
