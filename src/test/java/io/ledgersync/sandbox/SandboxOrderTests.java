package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import tools.jackson.databind.JsonNode;

/** {@code orderBy} over HTTP: ascending, descending, with a filter, across pages, and refused when unknown. */
class SandboxOrderTests {

    @RegisterExtension
    static final SandboxHttp http = SandboxHttp.started(SandboxSettings.defaults().withCompanies(1)
            .withInvoicesPerCompany(120));
    private static final String company = http.companyId(0);

    @Test
    void orderByFieldSortsAscendingAcrossEveryPage() {
        List<JsonNode> all = http.readAllByFollowingNext(invoicesPath(company) + "?orderBy=totalAmount&pageSize=25");

        assertThat(all).hasSize(120);
        assertThat(all).extracting(invoice -> invoice.get("totalAmount").decimalValue())
                .isSortedAccordingTo(Comparator.naturalOrder());
        assertThat(all).extracting(invoice -> invoice.get("id").asString()).doesNotHaveDuplicates();
    }

    @Test
    void minusSortsDescending() {
        List<JsonNode> all = http.readAllByFollowingNext(invoicesPath(company) + "?orderBy=-modifiedDate&pageSize=50");

        assertThat(all).extracting(invoice -> invoice.get("modifiedDate").asString())
                .isSortedAccordingTo(Comparator.reverseOrder());
    }

    @Test
    void orderAppliesToTheFilteredSetAndTotalResultsCountsIt() {
        JsonNode page = http.getJson(invoicesPath(company) + "?query=status%3DPaid&orderBy=-totalAmount&pageSize=5");
        List<BigDecimal> paidTotals = http.readAllByFollowingNext(invoicesPath(company)).stream()
                .filter(invoice -> invoice.get("status").asString().equals("Paid"))
                .map(invoice -> invoice.get("totalAmount").decimalValue())
                .sorted(Comparator.reverseOrder()).toList();

        assertThat(page.get("totalResults").asInt()).isEqualTo(paidTotals.size());
        assertThat(page.get("results").valueStream().map(invoice -> invoice.get("totalAmount").decimalValue()))
                .containsExactlyElementsOf(paidTotals.subList(0, 5));
    }

    @Test
    void unknownOrderByPropertyIs400() {
        HttpResponse<String> response = http.get(invoicesPath(company) + "?orderBy=colour");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(SandboxHttp.json(response.body()).get("error").asString())
                .isEqualTo("BadRequest: Error parsing orderBy - Could not resolve property colour on Dataset");
    }

    @Test
    void customersAreServedWithTheSameEnvelopeAndMatchTheInvoicesCustomerRefs() {
        List<JsonNode> customers = http.readAllByFollowingNext("/companies/" + company + "/data/customers?pageSize=15");
        List<String> referenced = http.readAllByFollowingNext(invoicesPath(company)).stream()
                .map(invoice -> invoice.get("customerRef").get("id").asString()).distinct().toList();

        assertThat(customers).hasSize(40);
        assertThat(customers).extracting(customer -> customer.get("id").asString()).containsAll(referenced);
        assertThat(customers.get(3).toString()).isEqualTo(
                SandboxHttp.json(http.dataSet().customerJson(company, 3)).toString());
        assertThat(http.getJson("/companies/" + company + "/data/customers?query=status%3DArchived")
                .get("results").valueStream().map(customer -> customer.get("status").asString()))
                .containsOnly("Archived");
    }
}
