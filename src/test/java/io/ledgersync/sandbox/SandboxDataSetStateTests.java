package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import tools.jackson.databind.JsonNode;
import io.ledgersync.MutableClock;
import io.ledgersync.sandbox.records.DataSetState.Changes;

/** Readiness (409), unsupported platforms (404), dataStatus telling the same story, and page drift. */
class SandboxDataSetStateTests {

    private final MutableClock clock = MutableClock.at("2026-03-01T10:00:00Z");
    @RegisterExtension
    final SandboxHttp http = SandboxHttp.started(SandboxSettings.defaults().withCompanies(2).withInvoicesPerCompany(30)
            .withClock(clock));
    private final String company = http.companyId(0);

    @Test
    void everyDataSetStartsCompleteAndReadable() {
        JsonNode status = http.getJson("/companies/" + company + "/dataStatus");

        assertThat(status.propertyNames()).containsExactly("customers", "invoices", "creditNotes", "suppliers",
                "bills", "chartOfAccounts");
        assertThat(status.get("invoices").get("currentStatus").asString()).isEqualTo("Complete");
        assertThat(status.get("invoices").get("lastSuccessfulSync").asString()).endsWith("Z");
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(200);
    }

    @Test
    void readyAfterRequestsAnswers409ThatManyTimesThenServes() {
        http.faults().dataSet(company, "invoices").readyAfterRequests(2);

        HttpResponse<String> first = http.get(invoicesPath(company));
        assertThat(first.statusCode()).isEqualTo(409);
        assertThat(SandboxHttp.json(first.body()).get("error").asString()).contains("not complete");
        assertThat(currentStatus("invoices")).isEqualTo("Fetching");
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(409);
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(200);
        assertThat(currentStatus("invoices")).isEqualTo("Complete");
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(200);
    }

    @Test
    void readyAfterADurationFollowsTheClock() {
        http.faults().dataSet(company, "invoices").readyAfter(Duration.ofMinutes(10));

        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(409);
        clock.advance(Duration.ofMinutes(9));
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(409);
        assertThat(currentStatus("invoices")).isEqualTo("Fetching");
        clock.advance(Duration.ofMinutes(1));
        assertThat(currentStatus("invoices")).isEqualTo("Complete");
        assertThat(http.getJson("/companies/" + company + "/dataStatus").get("invoices").get("lastSuccessfulSync")
                .asString()).isEqualTo("2026-03-01T10:10:00Z");
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(200);
    }

    @Test
    void notRequestedDataSetIs409AndAbsentFromDataStatus() {
        http.faults().dataSet(company, "invoices").notRequested();

        HttpResponse<String> refused = http.get(invoicesPath(company));

        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(SandboxHttp.json(refused.body()).get("error").asString())
                .isEqualTo("The data set has not been requested.");
        assertThat(http.getJson("/companies/" + company + "/dataStatus").has("invoices")).isFalse();
        // the company's other data set is unaffected
        assertThat(http.get("/companies/" + company + "/data/customers").statusCode()).isEqualTo(200);
        http.faults().dataSet(company, "invoices").ready();
        assertThat(http.get(invoicesPath(company)).statusCode()).isEqualTo(200);
    }

    @Test
    void unsupportedDataSetIs404NamingThePlatformAndNotSupportedInDataStatus() {
        http.faults().dataSet(company, "invoices").unsupported();
        String platform = http.getJson("/companies/" + company).get("platform").asString();

        HttpResponse<String> refused = http.get(invoicesPath(company));

        assertThat(refused.statusCode()).isEqualTo(404);
        assertThat(SandboxHttp.json(refused.body()).get("error").asString())
                .isEqualTo("NotFound: Datatype invoices not supported by platform(s) " + platform + ".");
        assertThat(currentStatus("invoices")).isEqualTo("NotSupported");
    }

    @Test
    void driftInsertsAtTheFrontAndRevisesRecordsBetweenTwoPages() {
        // given 3 records inserted and 3 revised once the first page has been served
        http.faults().dataSet(company, "invoices").driftAfterPages(1, 3, 3);
        JsonNode page1 = http.getJson(invoicesPath(company) + "?pageSize=10");
        clock.advance(Duration.ofMinutes(1));

        // when the client reads the next page by following the link
        JsonNode page2 = http.getJson(page1.get("_links").get("next").get("href").asString());

        // then the set grew, and the inserted records pushed the last 3 of page 1 onto page 2
        assertThat(page1.get("totalResults").asInt()).isEqualTo(30);
        assertThat(page2.get("totalResults").asInt()).isEqualTo(33);
        List<String> firstIds = ids(page1);
        assertThat(ids(page2).subList(0, 3)).isEqualTo(firstIds.subList(7, 10));
        // and the revised and inserted records carry the time of the change
        List<JsonNode> all = http.readAllByFollowingNext(invoicesPath(company) + "?pageSize=10");
        assertThat(all).hasSize(33);
        long changed = all.stream().filter(invoice -> invoice.get("modifiedDate").asString()
                .equals("2026-03-01T10:00:00Z")).count();
        assertThat(changed).isEqualTo(6);
        assertThat(all.get(3).get("id").asString()).isEqualTo(firstIds.get(0));
        // and an incremental query finds exactly them
        JsonNode changes = http.getJson(invoicesPath(company) + "?query=modifiedDate%3E%3D2026-03-01T10:00:00Z");
        assertThat(changes.get("totalResults").asInt()).isEqualTo(6);
        Set<String> distinct = new HashSet<>();
        all.forEach(invoice -> distinct.add(invoice.get("id").asString()));
        assertThat(distinct).hasSize(33);
        assertThat(http.dataSet().invoiceCount(company)).isEqualTo(33);
    }

    @Test
    void changesMadeNowInsertUpdateSoftDeleteHardDeleteAndDateLateChangesInThePast() {
        // given the data set as first served, then every kind of change made at once, ten minutes later
        List<JsonNode> before = http.readAllByFollowingNext(invoicesPath(company) + "?pageSize=10");
        clock.advance(Duration.ofMinutes(10));

        http.faults().dataSet(company, "invoices").change(new Changes(2, 3, 2, 4, 1, Duration.ofMinutes(30)));

        // then 2 new records come first, 4 are gone, and the total says so
        List<JsonNode> after = http.readAllByFollowingNext(invoicesPath(company) + "?pageSize=10");
        assertThat(after).hasSize(30 + 2 - 4);
        Set<String> beforeIds = new HashSet<>();
        before.forEach(invoice -> beforeIds.add(invoice.get("id").asString()));
        assertThat(beforeIds).doesNotContain(after.get(0).get("id").asString(), after.get(1).get("id").asString());
        Set<String> afterIds = new HashSet<>();
        after.forEach(invoice -> afterIds.add(invoice.get("id").asString()));
        assertThat(beforeIds.stream().filter(id -> !afterIds.contains(id))).hasSize(4);
        // and the soft-deleted ones stay, flagged, dated now like the updates; the late one is dated 30 minutes ago
        assertThat(after.stream().filter(invoice -> invoice.get("metadata").get("isDeleted").asBoolean()
                && invoice.get("modifiedDate").asString().equals("2026-03-01T10:10:00Z"))).hasSize(2);
        assertThat(after.stream().filter(invoice -> invoice.get("modifiedDate").asString().equals("2026-03-01T10:10:00Z")))
                .hasSize(2 + 3 + 2);
        assertThat(after.stream().filter(invoice -> invoice.get("modifiedDate").asString().equals("2026-03-01T09:40:00Z")))
                .hasSize(1);
        // and the query language finds the changes and the live ones
        assertThat(http.getJson(invoicesPath(company) + "?query=modifiedDate%3E%3D2026-03-01T10:10:00Z")
                .get("totalResults").asInt()).isEqualTo(7);
        long live = after.stream().filter(invoice -> !invoice.get("metadata").get("isDeleted").asBoolean()).count();
        assertThat(http.getJson(invoicesPath(company) + "?query=metadata.isDeleted%21%3Dtrue")
                .get("totalResults").asLong()).isEqualTo(live);
        assertThat(http.dataSet().invoiceCount(company)).isEqualTo(28);
    }

    @Test
    void anInsertedRecordStaysAsInsertedWhenOtherRecordsChangeLater() {
        // given a record inserted, and served
        http.faults().dataSet(company, "invoices").change(new Changes(1, 0, 0, 0, 0, null));
        String inserted = http.dataSet().invoiceJson(company, 0);

        // when other records change a day later
        clock.advance(Duration.ofDays(1));
        http.faults().dataSet(company, "invoices").change(new Changes(0, 2, 0, 0, 0, null));

        // then the inserted record is served byte for byte as before: it did not change, so its modifiedDate did not
        // either, and a client reading the changes since then would never see a new version of it
        assertThat(http.dataSet().invoiceJson(company, 0)).isEqualTo(inserted);
    }

    @Test
    void aHardDeleteBetweenTwoPagesPullsLaterRecordsForward() {
        // given 3 records removed, all of them on the first page, once it has been served
        http.faults().dataSet(company, "invoices").changesAfterPages(1, new Changes(0, 0, 0, 3, 0, null));
        List<String> all = ids(http.getJson(invoicesPath(company) + "?pageSize=30"));

        JsonNode page1 = http.getJson(invoicesPath(company) + "?pageSize=10&page=1");
        JsonNode page2 = http.getJson(page1.get("_links").get("next").get("href").asString());

        // then page 2 starts further on than page 1 ended: the walk skips records that are still there
        assertThat(page2.get("totalResults").asInt()).isEqualTo(27);
        assertThat(ids(page2).get(0)).isNotEqualTo(all.get(10));
    }

    private String currentStatus(String dataType) {
        return http.getJson("/companies/" + company + "/dataStatus").get(dataType).get("currentStatus").asString();
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.get("results").forEach(record -> ids.add(record.get("id").asString()));
        return ids;
    }
}
