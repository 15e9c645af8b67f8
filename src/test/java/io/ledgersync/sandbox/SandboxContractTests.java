package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.basic;
import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import tools.jackson.databind.JsonNode;
import io.ledgersync.MutableClock;

/**
 * One test per rule of CONTRACT.md §2.3, §2.4, §4, §5, §7 and §8, named after the rule, against a fresh sandbox on
 * a clock the test moves.
 */
class SandboxContractTests {

    private final MutableClock clock = MutableClock.at("2026-03-01T10:00:00Z");
    @RegisterExtension
    final SandboxHttp http = SandboxHttp.started(SandboxSettings.defaults().withCompanies(3).withInvoicesPerCompany(25)
            .withClock(clock));
    private final String company = http.companyId(0);

    @Nested
    class PageOfResults_2_3 {

        @Test
        void envelopeHasResultsPageNumberPageSizeTotalResultsAndLinks() {
            JsonNode page = http.getJson(invoicesPath(company) + "?page=2&pageSize=10");

            assertThat(page.propertyNames()).containsExactlyInAnyOrder("results", "pageNumber", "pageSize",
                    "totalResults", "_links");
            assertThat(page.get("pageNumber").asInt()).isEqualTo(2);
            assertThat(page.get("pageSize").asInt()).isEqualTo(10);
            assertThat(page.get("_links").propertyNames()).containsExactlyInAnyOrder("self", "current", "previous",
                    "next");
        }

        @Test
        void selfIsTheResourceWithoutQueryAndCurrentCarriesTheQuery() {
            JsonNode links = http.getJson(invoicesPath(company) + "?page=2&pageSize=10").get("_links");

            assertThat(links.get("self").get("href").asString()).isEqualTo(invoicesPath(company));
            assertThat(links.get("current").get("href").asString())
                    .isEqualTo(invoicesPath(company) + "?page=2&pageSize=10");
            assertThat(links.get("previous").get("href").asString())
                    .isEqualTo(invoicesPath(company) + "?page=1&pageSize=10");
        }

        @Test
        void rule1_hrefsAreRelativePathsWithPageAndPageSize() {
            JsonNode links = http.getJson("/companies?pageSize=1").get("_links");

            assertThat(links.get("next").get("href").asString()).isEqualTo("/companies?page=2&pageSize=1");
        }

        @Test
        void rule1_linksCarryEveryOtherQueryParameterOfTheRequest() {
            JsonNode links = http.getJson(invoicesPath(company)
                    + "?query=status%21%3DVoid&pageSize=5&orderBy=-totalAmount").get("_links");

            assertThat(links.get("next").get("href").asString()).isEqualTo(invoicesPath(company)
                    + "?page=2&pageSize=5&query=status%21%3DVoid&orderBy=-totalAmount");
        }

        @Test
        void rule2_pageCountIsTotalResultsOverPageSizeRoundedUp() {
            List<JsonNode> pages = pages(invoicesPath(company) + "?pageSize=7");

            assertThat(pages).hasSize((25 + 6) / 7);
        }

        @Test
        void rule3_totalResultsCountsOnlyRecordsMatchingTheFilter() {
            long paid = http.readAllByFollowingNext(invoicesPath(company)).stream()
                    .filter(invoice -> invoice.get("status").asString().equals("Paid")).count();

            JsonNode page = http.getJson(invoicesPath(company) + "?query=status%3DPaid&pageSize=1");

            assertThat(paid).isPositive().isLessThan(25);
            assertThat(page.get("totalResults").asLong()).isEqualTo(paid);
        }

        @Test
        void rule4_clientNeedNotSetPageAndMayFollowTheLinks() {
            List<JsonNode> records = http.readAllByFollowingNext(invoicesPath(company) + "?pageSize=4");

            assertThat(records).hasSize(25);
            assertThat(records.get(24).toString()).isEqualTo(
                    SandboxHttp.json(http.dataSet().invoiceJson(company, 24)).toString());
        }

        @Test
        void rule5_lastPageHasNoNextLink() {
            JsonNode last = http.getJson(invoicesPath(company) + "?page=3&pageSize=10");

            assertThat(last.get("results")).hasSize(5);
            assertThat(last.get("_links").has("next")).isFalse();
        }
    }

    @Nested
    class ErrorResponse_2_4 {

        @Test
        void everyErrorHasStatusCodeServiceErrorAndAUuidCorrelationId() {
            List<String> correlationIds = new ArrayList<>();
            for (HttpResponse<String> response : List.of(http.send("GET", "/companies", null),
                    http.get("/companies?pageSize=0"), http.get("/nowhere"))) {
                JsonNode body = SandboxHttp.json(response.body());
                assertThat(body.get("statusCode").asInt()).isEqualTo(response.statusCode());
                assertThat(body.get("service").asString()).isNotBlank();
                assertThat(body.get("error").asString()).isNotBlank();
                assertThat(UUID.fromString(body.get("correlationId").asString()).version()).isEqualTo(4);
                correlationIds.add(body.get("correlationId").asString());
            }
            // each identifies its own response, never a record or a request path
            assertThat(correlationIds).doesNotHaveDuplicates();
        }

        @Test
        void validationIsPresentOnAccountLimitErrorsOnly() {
            fillFreeTrial();
            JsonNode limit = SandboxHttp.json(http.post("/companies", "{\"name\":\"One too many\"}").body());
            JsonNode other = SandboxHttp.json(http.get("/companies?page=x").body());

            assertThat(limit.get("validation").get("errors")).hasSize(1);
            assertThat(limit.get("validation").get("warnings")).isEmpty();
            assertThat(other.has("validation")).isFalse();
        }
    }

    @Nested
    class Endpoints_4 {

        @Test
        void pagingParametersDefaultToPage1Of100() {
            JsonNode page = http.getJson(invoicesPath(company));

            assertThat(page.get("pageNumber").asInt()).isEqualTo(1);
            assertThat(page.get("pageSize").asInt()).isEqualTo(100);
        }

        @Test
        void pageSizeAbove5000IsRefused() {
            assertThat(http.get("/companies?pageSize=5000").statusCode()).isEqualTo(200);
            assertThat(http.get("/companies?pageSize=5001").statusCode()).isEqualTo(400);
        }

        @Test
        void getCompaniesIsAPageOfCompanies() {
            JsonNode page = http.getJson("/companies");

            assertThat(page.get("totalResults").asInt()).isEqualTo(3);
            assertThat(page.get("results").get(0).get("id").asString()).isEqualTo(company);
        }

        @Test
        void postCompaniesCreatesACompanyListedAndServedLikeTheOthers() {
            HttpResponse<String> created = http.post("/companies",
                    "{\"name\":\"Bank of Dave\",\"description\":\"early access\",\"tags\":{\"region\":\"uk\"}}");

            assertThat(created.statusCode()).isEqualTo(200);
            JsonNode body = SandboxHttp.json(created.body());
            String id = body.get("id").asString();
            assertThat(body.get("name").asString()).isEqualTo("Bank of Dave");
            assertThat(body.get("description").asString()).isEqualTo("early access");
            assertThat(body.get("tags").get("region").asString()).isEqualTo("uk");
            assertThat(body.get("created").asString()).isEqualTo("2026-03-01T10:00:00Z");
            assertThat(http.getJson("/companies").get("totalResults").asInt()).isEqualTo(4);
            assertThat(http.getJson(invoicesPath(id)).get("totalResults").asInt()).isEqualTo(25);
        }

        @Test
        void postCompaniesWithoutANameIs400() {
            assertThat(http.post("/companies", "{\"description\":\"no name\"}").statusCode()).isEqualTo(400);
            assertThat(http.post("/companies", "not json").statusCode()).isEqualTo(400);
        }

        @Test
        void invoicesOfACompanyArePagedAndFilterableOnStatus() {
            JsonNode page = http.getJson(invoicesPath(company) + "?query=status%3DPaid");

            assertThat(page.get("results").valueStream().map(invoice -> invoice.get("status").asString()))
                    .isNotEmpty().containsOnly("Paid");
        }

        @Test
        void invoicesNotRequestedOrStillSyncingAre409() {
            http.faults().dataSet(company, "invoices").readyAfterRequests(1);

            assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(409);
            assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(200);
        }

        @Test
        void invoicesOfAnUnsupportedPlatformAre404() {
            http.faults().dataSet(company, "invoices").unsupported();

            assertThat(SandboxHttp.json(http.get(invoicesPath(company)).body()).get("error").asString())
                    .matches("NotFound: Datatype invoices not supported by platform\\(s\\) .+");
        }
    }

    @Nested
    class Authentication_5 {

        @Test
        void rule1_everyRequestCarriesBasicAndTheBase64Key() {
            assertThat(http.send("GET", "/companies", basic(http.server().apiKey())).statusCode()).isEqualTo(200);
            assertThat(http.send("GET", "/companies", "Bearer " + http.server().apiKey()).statusCode()).isEqualTo(401);
            assertThat(http.send("GET", "/companies", null).statusCode()).isEqualTo(401);
        }

        @Test
        void rule2_incorrectKeyIs401() {
            assertThat(http.getAs("no-such-key", "/companies").statusCode()).isEqualTo(401);
        }

        @Test
        void rule3_keyNotTiedToTheRequestedCompanyIs403() {
            String other = http.companyId(1);
            String scoped = http.server().createApiKey("one company", other);

            assertThat(http.getAs(scoped, invoicesPath(other)).statusCode()).isEqualTo(200);
            HttpResponse<String> refused = http.getAs(scoped, invoicesPath(company));
            assertThat(refused.statusCode()).isEqualTo(403);
            assertThat(SandboxHttp.json(refused.body()).get("error").asString()).contains("not associated");
            // the company list shows a scoped key only its own companies
            assertThat(SandboxHttp.json(http.getAs(scoped, "/companies").body()).get("totalResults").asInt())
                    .isEqualTo(1);
        }

        @Test
        void rule3_endpointTheKeyIsNotAuthorizedForIs403() {
            String scoped = http.server().createApiKey("one company", company);

            assertThat(http.getAs(scoped, "/apiKeys").statusCode()).isEqualTo(403);
            assertThat(http.send("POST", "/companies", basic(scoped), "{\"name\":\"x\"}").statusCode())
                    .isEqualTo(403);
        }

        @Test
        void rule3_outdatedKeyIs403() {
            JsonNode created = SandboxHttp.json(http.post("/apiKeys", "{\"name\":\"short-lived\"}").body());
            String key = created.get("apiKey").asString();
            assertThat(http.getAs(key, "/companies").statusCode()).isEqualTo(200);

            HttpResponse<String> deleted = http.send("DELETE", "/apiKeys/" + created.get("id").asString(),
                    basic(http.server().apiKey()));

            assertThat(deleted.statusCode()).isEqualTo(204);
            assertThat(http.getAs(key, "/companies").statusCode()).isEqualTo(403);
        }

        @Test
        void apiKeysResourceCreatesAndListsKeys() {
            HttpResponse<String> created = http.post("/apiKeys", "{\"name\":\"azure-processor\"}");

            assertThat(created.statusCode()).isEqualTo(201);
            JsonNode key = SandboxHttp.json(created.body());
            assertThat(key.get("apiKey").asString()).hasSize(40);
            JsonNode list = http.getJson("/apiKeys").get("results");
            assertThat(list).hasSize(2);
            assertThat(list.get(1).get("name").asString()).isEqualTo("azure-processor");
            assertThat(list.get(1).get("createdDate").asString()).isEqualTo("2026-03-01T10:00:00Z");
        }
    }

    @Nested
    class Errors_7 {

        @Test
        void status400ForAClientSideError() {
            assertStatusAndBody(http.get("/companies?page=-1"), 400);
        }

        @Test
        void status402ForEachAccountLimit() {
            fillFreeTrial();
            assertStatusAndBody(http.post("/companies", "{\"name\":\"x\"}"), 402);
            assertStatusAndBody(http.post("/profile/syncSettings", hourly()), 402);
        }

        @Test
        void status404ForAnUnknownCompanyNamesItAsExceptionNameColonDescription() {
            String unknown = UUID.randomUUID().toString();

            HttpResponse<String> response = http.get(invoicesPath(unknown));

            assertStatusAndBody(response, 404);
            assertThat(SandboxHttp.json(response.body()).get("error").asString())
                    .matches("^[A-Za-z]+: .*").contains(unknown).contains("invoices");
        }

        @Test
        void status405ForAMethodTheResourceDoesNotTake() {
            assertStatusAndBody(http.send("PUT", invoicesPath(company), basic(http.server().apiKey())), 405);
        }

        @Test
        void status409ForADataSetThatIsNotReady() {
            http.faults().dataSet(company, "invoices").notRequested();
            assertStatusAndBody(http.get(invoicesPath(company)), 409);
        }

        @Test
        void status429And500And503AreScriptedWithTheSameBody() {
            http.faults().all().tooManyRequestsNext(1, Duration.ofSeconds(1)).serverErrorNext(1)
                    .unavailableNext(1, null);

            assertStatusAndBody(http.get("/companies"), 429);
            assertStatusAndBody(http.get("/companies"), 500);
            assertStatusAndBody(http.get("/companies"), 503);
        }

        @Test
        void fiftyFirstCompanyReturns402WithValidation() {
            fillFreeTrial();

            HttpResponse<String> refused = http.post("/companies", "{\"name\":\"Fifty-first\"}");

            assertThat(refused.statusCode()).isEqualTo(402);
            JsonNode body = SandboxHttp.json(refused.body());
            assertThat(body.get("error").asString()).isEqualTo("CompanyValidationException: Company limit exceeded");
            JsonNode item = body.get("validation").get("errors").get(0);
            assertThat(item.get("itemId").asString()).isEqualTo("Company");
            assertThat(item.get("validatorName").asString()).isEqualTo("CreateCompany");
            assertThat(item.get("message").asString()).startsWith("Company limit exceeded")
                    .matches("(?s).*https://\\S+$");
            assertThat(body.get("validation").get("warnings")).isEmpty();
            assertThat(http.getJson("/companies").get("totalResults").asInt()).isEqualTo(50);
        }

        @Test
        void paidAccountHasNoCompanyLimit() {
            try (SandboxServer paid = SandboxServer.start(SandboxSettings.defaults().withCompanies(50)
                    .withInvoicesPerCompany(1).withFreeTrial(false))) {
                assertThat(new SandboxHttp(paid).post("/companies", "{\"name\":\"Fifty-first\"}").statusCode())
                        .isEqualTo(200);
            }
        }

        @Test
        void hourlySyncScheduleOnAFreeTrialReturns402() {
            HttpResponse<String> refused = http.post("/profile/syncSettings", hourly());

            assertThat(refused.statusCode()).isEqualTo(402);
            assertThat(SandboxHttp.json(refused.body()).get("error").asString())
                    .isEqualTo("SyncSettingsValidationException: Sync schedule not allowed");
            // a daily schedule is allowed, and so is an hourly one for a company on a paid plan
            assertThat(http.post("/profile/syncSettings", hourly().replace("\"syncSchedule\":1", "\"syncSchedule\":24"))
                    .statusCode()).isEqualTo(204);
            assertThat(http.post("/companies/" + company + "/syncSettings", hourly()).statusCode()).isEqualTo(402);
            assertThat(http.getJson("/profile/syncSettings").get("settings").get(1).get("syncSchedule").asInt())
                    .isEqualTo(24);
        }

        @Test
        void accountOlderThan365DaysGets402OnEveryEndpoint() {
            clock.advance(Duration.ofDays(365));
            assertThat(http.get("/companies").statusCode()).isEqualTo(200);

            clock.advance(Duration.ofSeconds(1));

            for (HttpResponse<String> response : List.of(http.get("/companies"), http.get(invoicesPath(company)),
                    http.get("/apiKeys"), http.post("/companies", "{\"name\":\"x\"}"))) {
                assertThat(response.statusCode()).isEqualTo(402);
                JsonNode body = SandboxHttp.json(response.body());
                assertThat(body.get("error").asString()).isEqualTo("Payment Required");
                assertThat(body.get("validation").get("errors").get(0).get("message").asString())
                        .startsWith("Account expired");
                assertThat(body.get("validation").get("warnings")).isEmpty();
            }
        }

        @Test
        void accountAgeCanBeSetAtStart() {
            try (SandboxServer old = SandboxServer.start(SandboxSettings.defaults().withCompanies(1)
                    .withInvoicesPerCompany(1).withAccountAge(Duration.ofDays(366)))) {
                assertThat(new SandboxHttp(old).get("/companies").statusCode()).isEqualTo(402);
            }
        }

        @Test
        void rule7_3_statusCodeEqualsTheHttpStatusOnEveryError() {
            http.faults().dataSet(company, "invoices").notRequested();
            List<HttpResponse<String>> errors = List.of(http.get("/companies?pageSize=x"),
                    http.getAs("wrong", "/companies"), http.get(invoicesPath("nope")),
                    http.send("DELETE", "/companies", basic(http.server().apiKey())), http.get(invoicesPath(company)));
            for (HttpResponse<String> response : errors) {
                assertStatusAndBody(response, response.statusCode());
            }
            assertThat(errors).extracting(HttpResponse::statusCode).containsExactly(400, 401, 404, 405, 409);
        }
    }

    @Nested
    class Limits_8 {

        @Test
        void defaultPageSizeIs100AndDefaultPageNumberIs1() {
            JsonNode page = http.getJson("/companies");

            assertThat(page.get("pageSize").asInt()).isEqualTo(100);
            assertThat(page.get("pageNumber").asInt()).isEqualTo(1);
        }

        @Test
        void maximumPageSizeIs5000() {
            try (SandboxServer big = SandboxServer.start(SandboxSettings.defaults().withCompanies(1)
                    .withInvoicesPerCompany(5001))) {
                SandboxHttp bigHttp = new SandboxHttp(big);
                String path = invoicesPath(big.dataSet().companyIds().get(0));
                assertThat(bigHttp.getJson(path + "?pageSize=5000").get("results")).hasSize(5000);
                assertThat(bigHttp.get(path + "?pageSize=5001").statusCode()).isEqualTo(400);
            }
        }

        @Test
        void freeTrialHolds50Companies() {
            fillFreeTrial();

            assertThat(http.getJson("/companies").get("totalResults").asInt()).isEqualTo(50);
            assertThat(http.post("/companies", "{\"name\":\"x\"}").statusCode()).isEqualTo(402);
        }

        @Test
        void eleventhApiKeyReturns409() {
            for (int i = 2; i <= 10; i++) {
                assertThat(http.post("/apiKeys", "{\"name\":\"key-" + i + "\"}").statusCode()).isEqualTo(201);
            }

            HttpResponse<String> eleventh = http.post("/apiKeys", "{\"name\":\"key-11\"}");

            assertThat(eleventh.statusCode()).isEqualTo(409);
            assertThat(SandboxHttp.json(eleventh.body()).get("error").asString())
                    .startsWith("Maximum number of API keys reached");
            assertThat(http.getJson("/apiKeys").get("results")).hasSize(10);
        }
    }

    private void fillFreeTrial() {
        for (int i = http.dataSet().companyIds().size(); i < 50; i++) {
            assertThat(http.post("/companies", "{\"name\":\"Company " + i + "\"}").statusCode()).isEqualTo(200);
        }
    }

    private static String hourly() {
        return "{\"clientId\":\"367f7975-267b-439b-90c6-a6040ee680f3\",\"overridesDefaults\":true,"
                + "\"settings\":[{\"dataType\":\"invoices\",\"fetchOnFirstLink\":true,\"syncSchedule\":1,"
                + "\"syncOrder\":0}]}";
    }

    private List<JsonNode> pages(String first) {
        List<JsonNode> pages = new ArrayList<>();
        String href = first;
        while (href != null) {
            JsonNode page = http.getJson(href);
            pages.add(page);
            href = page.get("_links").has("next") ? page.get("_links").get("next").get("href").asString() : null;
        }
        return pages;
    }

    private static void assertStatusAndBody(HttpResponse<String> response, int status) {
        assertThat(response.statusCode()).isEqualTo(status);
        JsonNode body = SandboxHttp.json(response.body());
        assertThat(body.get("statusCode").asInt()).isEqualTo(status);
        assertThat(body.get("service").asString()).isEqualTo("PublicApi");
        assertThat(body.get("error").asString()).isNotBlank();
        assertThat(body.get("correlationId").asString()).matches(SandboxHttp.UUID_FORM);
    }
}
