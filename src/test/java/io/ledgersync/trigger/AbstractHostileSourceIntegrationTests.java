package io.ledgersync.trigger;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.UnaryOperator;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;

import io.ledgersync.sandbox.SandboxDataSet;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.RunDetail;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.trigger.cli.CommandLineSync;
import io.ledgersync.trigger.cli.ExitCode;
import io.ledgersync.warehouse.state.RejectedRecord;
import io.ledgersync.warehouse.state.RejectedRecords;
import io.ledgersync.warehouse.state.SyncState;
import io.ledgersync.warehouse.state.SyncStates;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 17: the whole application against a Data API that breaks page 2 of one company in one way at a time, then is
 * mended. The source is the sandbox behind a WireMock proxy that serves the broken page in place of the real one;
 * a second WireMock server stands for another origin, which must never see a request. For each case: the broken
 * run's exit code and message, nothing of the broken page in the warehouse, then the mended run equal to the source.
 * 3 companies of 30 invoices, 10 a page. Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
abstract class AbstractHostileSourceIntegrationTests {

    static final int COMPANIES = 3;
    static final int INVOICES = 30;
    static final int PAGE_SIZE = 10;
    static final int PAGE_MARGIN = 2;
    static final int MAX_REJECTED = 5;

    static SandboxServer sandbox;
    static final WireMockServer source = new WireMockServer(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"));
    static final WireMockServer elsewhere = new WireMockServer(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"));

    static final JsonMapper json = JsonMapper.builder().build();
    private static final HttpClient http = HttpClient.newHttpClient();
    static final SyncRequest INVOICES_RUN = new SyncRequest(List.of("companies", "invoices"), List.of());

    @Autowired
    SyncLauncher launcher;

    @Autowired
    Jdbi jdbi;

    @Autowired
    SyncStates states;

    @Autowired
    RejectedRecords rejectedRecords;

    @Autowired
    io.ledgersync.sync.run.SyncRuns runs;

    @Autowired
    io.micrometer.core.instrument.MeterRegistry meters;

    private final List<StubMapping> broken = new ArrayList<>();

    static void hostileSourceProperties(DynamicPropertyRegistry registry) {
        sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(COMPANIES).withInvoicesPerCompany(INVOICES).withSeed(17));
        source.start();
        elsewhere.start();
        registry.add("ledgersync.api.base-url", () -> "http://127.0.0.1:" + source.port());
        registry.add("ledgersync.api.api-key", sandbox::apiKey);
        registry.add("ledgersync.api.page-size", () -> PAGE_SIZE);
        registry.add("ledgersync.api.retry.max-attempts", () -> 1);
        registry.add("ledgersync.sync.on-startup", () -> false);
        registry.add("ledgersync.schedule.enabled", () -> false);
        registry.add("ledgersync.sync.page-margin", () -> PAGE_MARGIN);
        registry.add("ledgersync.sync.max-rejected-per-partition", () -> MAX_REJECTED);
    }

    @AfterAll
    static void stopServers() {
        sandbox.close();
        source.stop();
        elsewhere.stop();
    }

    /** An empty warehouse, and a source that passes every request on to the sandbox unchanged. */
    @BeforeEach
    void emptyWarehouseAndAnHonestSource() {
        for (String table : List.of("invoice_line_items", "invoices", "customers", "companies", "sync_state", "rejected_records")) {
            jdbi.useHandle(handle -> handle.execute("DELETE FROM " + table));
        }
        source.resetAll();
        elsewhere.resetAll();
        source.stubFor(any(anyUrl()).atPriority(10).willReturn(aResponse().proxiedFrom(sandbox.baseUrl().toString())));
    }

    @AfterEach
    void nothingReachedAnotherOrigin() {
        elsewhere.verify(0, anyRequestedFor(anyUrl()));
    }

    // ---- 1. a refused link is never a resume point

    @Test
    void aNextLinkToAnotherOriginFailsThePartitionWithoutMovingItsResumePointAndTheMendedSourceResumesIt() {
        String company = company(1);
        breakPage(company, 2, page -> withNext(page, "http://127.0.0.1:" + elsewhere.port() + nextOf(page)));

        SyncReport broken = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(broken)).isEqualTo(ExitCode.FAILED);
        assertThat(broken.failures()).singleElement().asString()
                .contains("GET /companies/" + company + "/data/invoices?page=2&pageSize=10 answered 200 with a malformed response")
                .contains("'_links.next' (http://127.0.0.1:" + elsewhere.port()).contains("is refused")
                .contains("the API key is only ever sent to the base URL").doesNotContain("\n");
        assertThat(invoicesOf(company)).as("page 1 only: page 2 came with the refused link").isEqualTo(PAGE_SIZE);
        assertThat(states.find(company, "invoices").orElseThrow().state()).isEqualTo(SyncState.Status.FAILED);

        mend();
        SyncReport mended = launcher.run(INVOICES_RUN);

        assertThat(mended.resumed()).isTrue();
        assertThat(ExitCode.of(mended)).as(mended.failures().toString()).isEqualTo(ExitCode.COMPLETED);
        assertThat(mended.records("invoices")).as("page 2 and 3 of the broken company").isEqualTo(INVOICES - PAGE_SIZE);
        assertWarehouseEqualsSource();
    }

    // ---- 3. a walk that ends short is a failed partition

    @Test
    void aPageWithoutTheNextLinkThatWasDueFailsThePartitionAndTheMendedSourceResumesAtThatPage() {
        String company = company(0);
        breakPage(company, 2, page -> {
            page.remove("_links");
            return page;
        });

        SyncReport broken = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(broken)).isEqualTo(ExitCode.FAILED);
        assertThat(broken.failures()).singleElement().asString()
                .contains("invoices of company " + company + " ended after 2 pages and 20 records")
                .contains("announces totalResults 30 in 3 pages");
        assertThat(invoicesOf(company)).as("page 2 is not written: it ended the walk short").isEqualTo(PAGE_SIZE);
        assertThat(states.find(company, "invoices").orElseThrow().lastError()).contains("ended after 2 pages");

        mend();
        SyncReport mended = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(mended)).as(mended.failures().toString()).isEqualTo(ExitCode.COMPLETED);
        assertThat(mended.records("invoices")).isEqualTo(INVOICES - PAGE_SIZE);
        assertWarehouseEqualsSource();
    }

    @Test
    void aLastPageAnnouncingMoreRecordsThanReadFailsThePartition() {
        String company = company(2);
        breakPage(company, 3, page -> page.put("totalResults", 1030));

        SyncReport broken = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(broken)).isEqualTo(ExitCode.FAILED);
        assertThat(broken.failures()).singleElement().asString().contains("ended after 3 pages and 30 records")
                .contains("announces totalResults 1030 in 103 pages");
        assertThat(invoicesOf(company)).isEqualTo(2 * PAGE_SIZE);

        mend();
        assertThat(ExitCode.of(launcher.run(INVOICES_RUN))).isEqualTo(ExitCode.COMPLETED);
        assertWarehouseEqualsSource();
    }

    // ---- 5. no end to pages

    @Test
    void aSourceWhoseNextLinkNeverEndsIsReadOnlyToThePageCapAndTheMendedSourceIsWalkedAgain() {
        String company = company(1);
        // page 3 and every page after it link to one more page, each announcing one page more than it
        for (int number = 3; number <= 3 + PAGE_MARGIN + 2; number++) {
            int current = number;
            breakPage(company, Math.min(number, 3), page -> {
                page.put("pageNumber", current);
                page.put("totalResults", current * PAGE_SIZE + PAGE_SIZE);
                if (current > 3) {
                    page.putArray("results");
                }
                return withNext(page, "/companies/" + company + "/data/invoices?page=" + (current + 1) + "&pageSize=" + PAGE_SIZE);
            }, current);
        }

        SyncReport broken = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(broken)).isEqualTo(ExitCode.FAILED);
        assertThat(broken.failures()).singleElement().asString()
                .contains("page " + (3 + PAGE_MARGIN + 1) + " of invoices of company " + company + " is past the page cap")
                .contains("the first page announced 3 page(s), and at most " + PAGE_MARGIN + " more are read");
        source.verify(0, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(urlPathEqualTo(invoicesPath(company)))
                .withQueryParam("page", equalTo(String.valueOf(3 + PAGE_MARGIN + 2))));

        mend();
        SyncReport mended = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(mended)).as(mended.failures().toString()).isEqualTo(ExitCode.COMPLETED);
        assertWarehouseEqualsSource();
    }

    // ---- 4. records that cannot be stored are set aside, the rest is written

    @Test
    void recordsThatCannotBeStoredAreSetAsideWhileTheRestOfThePageIsWrittenAndStoredOnceTheSourceIsMended() {
        String company = company(2);
        List<String> brokenIds = new ArrayList<>();
        breakPage(company, 2, page -> {
            ObjectNode withoutId = (ObjectNode) page.get("results").get(0);
            ObjectNode withNul = (ObjectNode) page.get("results").get(1);
            ObjectNode tooBig = (ObjectNode) page.get("results").get(2);
            brokenIds.addAll(List.of(withNul.get("id").asString(), tooBig.get("id").asString()));
            withoutId.remove("id");
            withNul.put("invoiceNumber", "INV\u0000-7");
            tooBig.put("totalAmount", new java.math.BigDecimal("1e300"));
            return page;
        });

        SyncReport broken = launcher.run(INVOICES_RUN);

        assertThat(broken.successful()).as(broken.failures().toString()).isTrue();
        assertThat(ExitCode.of(broken)).isEqualTo(ExitCode.SOURCE_DATA);
        assertThat(ExitCode.SOURCE_DATA.code()).isEqualTo(10);
        assertThat(broken.rejected()).isEqualTo(3);
        assertThat(broken.summary()).contains("3 records rejected (rejected_records)");
        assertThat(invoicesOf(company)).as("the rest of the page is written").isEqualTo(INVOICES - 3);
        List<RejectedRecord> rejected = rejectedRecords.all();
        assertThat(rejected).extracting(RejectedRecord::dataSet).containsOnly("invoices");
        assertThat(rejected).extracting(RejectedRecord::companyId).containsOnly(company);
        assertThat(rejected).extracting(RejectedRecord::recordId).containsExactlyInAnyOrder(null, brokenIds.get(0), brokenIds.get(1));
        assertThat(rejected).extracting(RejectedRecord::field).containsExactlyInAnyOrder("id", "invoiceNumber", "totalAmount");
        assertThat(rejected).filteredOn(r -> "totalAmount".equals(r.field())).singleElement()
                .satisfies(r -> assertThat(r.reason()).contains("301 digits before the decimal point").contains("numeric(19, 4)"));
        assertThat(rejected).filteredOn(r -> "invoiceNumber".equals(r.field())).singleElement()
                .satisfies(r -> assertThat(r.reason()).contains("NUL"))
                .satisfies(r -> assertThat(r.raw()).as("as received").contains("\"INV\\u0000-7\""));
        assertThat(meters.counter("ledgersync.records.rejected", "dataset", "invoices").count()).isGreaterThanOrEqualTo(3);
        RunDetail detail = runs.detail(broken.runId());
        assertThat(detail.exitDescription()).contains("3 record(s) the Data API sent cannot be stored");
        assertThat(detail.totals().rejected()).as("the run detail counts them").isEqualTo(3);
        assertThat(detail.partitions()).filteredOn(p -> company.equals(p.companyId())).singleElement()
                .satisfies(p -> assertThat(p.rejected()).as("per partition").isEqualTo(3))
                .satisfies(p -> assertThat(p.runRejected()).isEqualTo(3));

        mend();
        SyncReport mended = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(mended)).as(mended.failures().toString()).isEqualTo(ExitCode.COMPLETED);
        assertThat(rejectedRecords.all()).as("stored now, or (the one without an id) not met again by a complete walk").isEmpty();
        assertWarehouseEqualsSource();
    }

    /** Issue 23: an item of a child list (a line item) that does not convert sets its record aside, not its partition. */
    @Test
    void aLineItemThatCannotBeStoredSetsItsInvoiceAsideNamedByTheItemsFieldAndTheRestOfThePageIsWritten() {
        String company = company(1);
        List<String> field = new ArrayList<>();
        List<String> brokenId = new ArrayList<>();
        breakPage(company, 2, page -> {
            ObjectNode invoice = (ObjectNode) page.get("results").get(1);
            tools.jackson.databind.node.ArrayNode items = (tools.jackson.databind.node.ArrayNode) invoice.get("lineItems");
            int last = items.size() - 1;
            ((ObjectNode) items.get(last)).put("quantity", "three");
            field.add("lineItems[" + last + "].quantity");
            brokenId.add(invoice.get("id").asString());
            return page;
        });

        SyncReport broken = launcher.run(INVOICES_RUN);

        assertThat(broken.successful()).as(broken.failures().toString()).isTrue();
        assertThat(ExitCode.of(broken)).isEqualTo(ExitCode.SOURCE_DATA);
        assertThat(broken.summary()).contains("1 record rejected (rejected_records)");
        assertThat(invoicesOf(company)).as("the rest of the page is written").isEqualTo(INVOICES - 1);
        assertThat(rejectedRecords.all()).singleElement().satisfies(rejected -> {
            assertThat(rejected.recordId()).isEqualTo(brokenId.get(0));
            assertThat(rejected.field()).isEqualTo(field.get(0));
            assertThat(rejected.reason()).contains("\"three\" is not a valid decimal for column invoice_line_items.quantity");
        });
        long itemsOfBroken = jdbi.withHandle(h -> h.createQuery(
                "SELECT COUNT(*) FROM invoice_line_items WHERE company_id = :c AND invoice_id = :i")
                .bind("c", company).bind("i", brokenId.get(0)).mapTo(Long.class).one());
        assertThat(itemsOfBroken).as("none of the set-aside invoice's items").isZero();

        mend();
        SyncReport mended = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(mended)).as(mended.failures().toString()).isEqualTo(ExitCode.COMPLETED);
        assertThat(rejectedRecords.all()).as("stored now").isEmpty();
        assertWarehouseEqualsSource();
    }

    @Test
    void morePartitionRejectionsThanTheBoundFailThePartitionWithNothingOfThePageWritten() {
        String company = company(0);
        breakPage(company, 3, page -> {
            page.get("results").forEach(record -> ((ObjectNode) record).remove("id"));
            return page;
        });

        SyncReport broken = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(broken)).isEqualTo(ExitCode.SOURCE_DATA);
        assertThat(broken.failures()).singleElement().asString()
                .contains("invoices of company " + company + ": GET /companies/" + company + "/data/invoices?page=3&pageSize=10")
                .contains("more than ledgersync.sync.max-rejected-per-partition (" + MAX_REJECTED + ")")
                .contains("field 'id' is missing or empty");
        assertThat(invoicesOf(company)).isEqualTo(2 * PAGE_SIZE);
        assertThat(rejectedRecords.all()).as("the failed page's chunk rolled back").isEmpty();

        mend();
        assertThat(ExitCode.of(launcher.run(INVOICES_RUN))).isEqualTo(ExitCode.COMPLETED);
        assertWarehouseEqualsSource();
    }

    // ---- 2. ids from the source are data, never names

    @Test
    void companyIdsOfAnyLengthWithACommaOrInAnyNumberAreSyncedAndDotSegmentsAndEmptyIdsAreRejectedWhileTheOthersSync() {
        String longId = "long-" + "a".repeat(145);
        String commaId = "acme,eu";
        List<String> bulk = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            bulk.add(String.format("bulk-%02d-", i) + "b".repeat(142));
        }
        List<String> extra = new ArrayList<>(List.of(longId, commaId, "..", ""));
        extra.addAll(bulk);
        serveCompaniesWith(extra);
        serveOneInvoice(longId, "inv-long");
        serveOneInvoice(commaId, "inv-comma");
        broken.add(source.stubFor(get(urlPathMatching("/companies/bulk-[0-9]+-b+/data/invoices")).atPriority(5)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody("{\"results\": [], \"pageNumber\": 1, \"pageSize\": 10, \"totalResults\": 0, \"_links\": {}}"))));

        SyncReport first = launcher.run(INVOICES_RUN);

        assertThat(first.successful()).as(first.failures().toString()).isTrue();
        assertThat(ExitCode.of(first)).as("two companies set aside").isEqualTo(ExitCode.SOURCE_DATA);
        assertThat(rejectedRecords.all()).extracting(RejectedRecord::dataSet, RejectedRecord::field)
                .containsOnly(org.assertj.core.groups.Tuple.tuple("companies", "id")).hasSize(2);
        assertThat(rejectedRecords.all()).extracting(RejectedRecord::reason)
                .anySatisfy(reason -> assertThat(reason).contains("is '..', which cannot be a company id"))
                .anySatisfy(reason -> assertThat(reason).contains("is missing or empty"));
        assertThat(count("companies")).isEqualTo(COMPANIES + 2 + bulk.size());
        assertThat(invoicesOf(longId)).isEqualTo(1);
        assertThat(invoicesOf(commaId)).isEqualTo(1);
        assertThat(source.getAllServeEvents()).extracting(event -> event.getRequest().getUrl())
                .contains("/companies/acme%2Ceu/data/invoices?page=1&pageSize=10")
                .noneMatch(url -> url.contains("/..") || url.contains("//") || url.toLowerCase(java.util.Locale.ROOT).contains("%2e"));
        int longestStepName = jdbi.withHandle(h -> h.createQuery("SELECT MAX(LENGTH(step_name)) FROM batch_step_execution")
                .mapTo(Integer.class).one());
        assertThat(longestStepName).isLessThanOrEqualTo(100);

        // a run naming 22 companies, 3,000 characters of ids, one with a comma
        List<String> named = new ArrayList<>(bulk);
        named.addAll(List.of(longId, commaId));
        SyncReport selected = launcher.run(new SyncRequest(List.of("invoices"), named));

        assertThat(ExitCode.of(selected)).as(selected.failures().toString()).isEqualTo(ExitCode.COMPLETED);
        assertThat(selected.records("invoices")).isEqualTo(2);
        assertThat(String.join(",", named).length()).isGreaterThan(2500);

        // the source no longer sends the two broken ids: a later run neither dies at start nor keeps their rejection
        source.removeStub(companiesStub);
        serveCompaniesWith(extra.subList(0, 2), bulk);
        SyncReport mended = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(mended)).as(mended.failures().toString()).isEqualTo(ExitCode.COMPLETED);
        assertThat(rejectedRecords.all()).isEmpty();
        assertInvoicesEqualSource();
    }

    // ---- 6. the failure text carries the chain that matters

    @Test
    void theSummaryTheStateAndTheRunDetailNameTheRequestPageErrorAndCorrelationIdAndTheExitCodeIsTheSources() {
        String company = company(1);
        broken.add(source.stubFor(get(urlPathEqualTo(invoicesPath(company))).withQueryParam("page", equalTo("2")).atPriority(1)
                .willReturn(aResponse().withStatus(500).withHeader("Content-Type", "application/json").withBody("""
                        {"statusCode": 500, "service": "PublicApi", "error": "PagingException: the cursor of this page was lost",
                         "correlationId": "corr-17-2"}"""))));

        SyncReport broken = launcher.run(INVOICES_RUN);

        String expected = "GET /companies/" + company + "/data/invoices?page=2&pageSize=10 answered 500: PagingException: the cursor"
                + " of this page was lost [correlationId corr-17-2]";
        assertThat(ExitCode.of(broken)).isEqualTo(ExitCode.SOURCE_UNAVAILABLE);
        assertThat(broken.failures()).as("named by its company data set").singleElement().asString()
                .startsWith("invoices of company " + company + ": " + expected)
                .doesNotContain(sandbox.apiKey()).doesNotContain("\n").hasSizeLessThanOrEqualTo(1000 + 100);
        SyncState state = states.find(company, "invoices").orElseThrow();
        assertThat(state.lastError()).startsWith(expected).hasSizeLessThanOrEqualTo(1000);
        assertThat(broken.failures().get(0)).endsWith(": " + state.lastError());
        assertThat(state.lastCorrelationId()).isEqualTo("corr-17-2");
        assertThat(runs.detail(broken.runId()).partitions()).filteredOn(p -> company.equals(p.companyId())).singleElement()
                .satisfies(p -> assertThat(p.error()).isEqualTo(state.lastError()))
                .satisfies(p -> assertThat(p.correlationId()).isEqualTo("corr-17-2"));
        assertThat(CommandLineSync.failureLine(broken, ExitCode.of(broken)))
                .startsWith("Sync run " + broken.runId() + " FAILED: invoices of company " + company + ": " + expected);

        mend();
        SyncReport mended = launcher.run(INVOICES_RUN);

        assertThat(ExitCode.of(mended)).as(mended.failures().toString()).isEqualTo(ExitCode.COMPLETED);
        assertWarehouseEqualsSource();
    }

    // ---- helpers

    private StubMapping companiesStub;

    /** The sandbox's page of companies, with more companies appended (copies of the first, with these ids). */
    @SafeVarargs
    private void serveCompaniesWith(List<String>... idLists) {
        ObjectNode page = (ObjectNode) json.readTree(sandboxPage("/companies?page=1&pageSize=" + PAGE_SIZE));
        tools.jackson.databind.node.ArrayNode results = (tools.jackson.databind.node.ArrayNode) page.get("results");
        JsonNode template = results.get(0);
        int total = results.size();
        for (List<String> ids : idLists) {
            for (String id : ids) {
                ObjectNode company = (ObjectNode) template.deepCopy();
                company.put("id", id);
                company.put("name", "Company " + id.length());
                results.add(company);
                total++;
            }
        }
        page.put("pageSize", Math.max(PAGE_SIZE, total));
        page.put("totalResults", total);
        page.remove("_links");
        companiesStub = source.stubFor(get(urlPathEqualTo("/companies")).atPriority(1)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(json.writeValueAsString(page))));
        broken.add(companiesStub);
    }

    /** One invoice (a copy of the sandbox's first, with this id) for a company the sandbox does not have. */
    private void serveOneInvoice(String company, String invoiceId) {
        ObjectNode page = (ObjectNode) json.readTree(sandboxPage(invoicesPath(company(0)) + "?page=1&pageSize=" + PAGE_SIZE));
        ObjectNode invoice = (ObjectNode) page.get("results").get(0).deepCopy();
        invoice.put("id", invoiceId);
        page.putArray("results").add(invoice);
        page.put("totalResults", 1);
        page.remove("_links");
        String encoded = "/companies/" + java.net.URLEncoder.encode(company, StandardCharsets.UTF_8) + "/data/invoices";
        serve(encoded, 1, json.writeValueAsString(page));
    }

    long count(String table) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    String company(int index) {
        return sandbox.dataSet().companyIds().get(index);
    }

    static String invoicesPath(String company) {
        return "/companies/" + company + "/data/invoices";
    }

    /** Serves page {@code page} of the company's invoices, as the sandbox has it, changed by {@code change}. */
    void breakPage(String company, int page, UnaryOperator<ObjectNode> change) {
        breakPage(company, page, change, page);
    }

    /** Serves the sandbox's page {@code page}, changed, when page {@code servedAs} is asked for. */
    void breakPage(String company, int page, UnaryOperator<ObjectNode> change, int servedAs) {
        ObjectNode body = (ObjectNode) json.readTree(sandboxPage(invoicesPath(company) + "?page=" + page + "&pageSize=" + PAGE_SIZE));
        serve(invoicesPath(company), servedAs, json.writeValueAsString(change.apply(body)));
    }

    void serve(String path, int page, String body) {
        broken.add(source.stubFor(get(urlPathEqualTo(path)).withQueryParam("page", equalTo(String.valueOf(page))).atPriority(1)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(body))));
    }

    /** The source answers as the sandbox again. */
    void mend() {
        broken.forEach(source::removeStub);
        broken.clear();
    }

    static String sandboxPage(String href) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + href))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(sandbox.apiKey().getBytes(StandardCharsets.UTF_8)))
                .GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(href).isEqualTo(200);
            return response.body();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String nextOf(JsonNode page) {
        return page.path("_links").path("next").path("href").asString();
    }

    static ObjectNode withNext(ObjectNode page, String href) {
        ObjectNode links = page.has("_links") && page.get("_links").isObject() ? (ObjectNode) page.get("_links") : page.putObject("_links");
        links.putObject("next").put("href", href);
        return page;
    }

    long invoicesOf(String company) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM invoices WHERE company_id = :c").bind("c", company)
                .mapTo(Long.class).one());
    }

    /** Every company and invoice of the sandbox, raw JSON equal, none missing or twice. */
    void assertWarehouseEqualsSource() {
        List<String> companyIds = jdbi.withHandle(h -> h.createQuery("SELECT id FROM companies").mapTo(String.class).list());
        assertThat(companyIds).containsExactlyInAnyOrderElementsOf(sandbox.dataSet().companyIds());
        assertInvoicesEqualSource();
    }

    /** Every invoice of the sandbox's companies, raw JSON equal, none missing or twice. */
    void assertInvoicesEqualSource() {
        SandboxDataSet dataset = sandbox.dataSet();
        for (String companyId : dataset.companyIds()) {
            List<JsonNode> raws = jdbi.withHandle(h -> h.createQuery("SELECT CAST(raw AS VARCHAR) FROM invoices WHERE company_id = :c")
                    .bind("c", companyId).mapTo(String.class).list()).stream().map(json::readTree).toList();
            List<JsonNode> expected = new ArrayList<>();
            for (int i = 0; i < dataset.invoiceCount(companyId); i++) {
                expected.add(json.readTree(dataset.invoiceJson(companyId, i)));
            }
            assertThat(raws).as("invoices of %s", companyId).containsExactlyInAnyOrderElementsOf(expected);
        }
    }
}
