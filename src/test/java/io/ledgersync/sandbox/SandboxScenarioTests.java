package io.ledgersync.sandbox;

import static io.ledgersync.sandbox.SandboxHttp.invoicesPath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import io.ledgersync.MutableClock;

/** The scenario file format, through the example scenario of the repository and small inline ones. */
class SandboxScenarioTests {

    private static final Path EXAMPLE = Path.of("sandbox", "scenarios", "example.yml");

    @Test
    void exampleScenarioScriptsEverySectionAsDocumented() {
        MutableClock clock = MutableClock.at("2026-03-01T10:00:00Z");
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withClock(clock), EXAMPLE)) {
            SandboxHttp http = new SandboxHttp(server);
            var ids = server.dataSet().companyIds();

            // data: 4 companies of 500 invoices; the first GET /companies is the scripted 429
            assertThat(http.get("/companies").statusCode()).isEqualTo(429);
            assertThat(http.getJson("/companies").get("totalResults").asInt()).isEqualTo(4);
            assertThat(server.dataSet().invoiceCount(ids.get(0))).isEqualTo(500);
            // keys: a key tied to company 0
            assertThat(http.getAs("company-0-key", invoicesPath(ids.get(0))).statusCode()).isEqualTo(200);
            assertThat(http.getAs("company-0-key", invoicesPath(ids.get(1))).statusCode()).isEqualTo(403);
            // dataSets: ready after two requests, unsupported
            assertThat(http.get(invoicesPath(ids.get(1))).statusCode()).isEqualTo(409);
            assertThat(http.get(invoicesPath(ids.get(1))).statusCode()).isEqualTo(409);
            assertThat(http.get(invoicesPath(ids.get(1))).statusCode()).isEqualTo(200);
            assertThat(http.get(invoicesPath(ids.get(2))).statusCode()).isEqualTo(404);
            // dataSets: company 0's customers changed as the sandbox started: one of them is gone, one soft-deleted
            assertThat(server.dataSet().customerCount(ids.get(0))).isEqualTo(server.dataSet().customerCount(ids.get(1)) - 1);
            assertThat(http.getJson("/companies/" + ids.get(0) + "/data/customers?query=modifiedDate%3E%3D2026-03-01T10:00:00Z")
                    .get("totalResults").asInt()).as("2 updates and a soft delete, dated at the start").isEqualTo(3);
            // faults: the maintenance window ten minutes in
            clock.advance(Duration.ofMinutes(10));
            assertThat(http.get("/companies").statusCode()).isEqualTo(503);
            assertThat(server.faults().describe()).hasSize(6);
        }
    }

    @Test
    void dataSectionSetsTheRecordCountOfAnyDataSet() {
        SandboxScenario scenario = parse("data: { invoicesPerCompany: 7, recordsPerCompany: { bills: 9, accounts: 40 } }");

        SandboxSettings settings = scenario.adjust(SandboxSettings.defaults());

        assertThat(settings.recordsPerCompany()).containsEntry("invoices", 7).containsEntry("bills", 9)
                .containsEntry("accounts", 40).containsEntry("suppliers", 25);
    }

    @Test
    void dataSetsSectionScriptsAnyServedDataSet() {
        SandboxScenario scenario = parse("dataSets: [ { company: 0, dataType: creditNotes, unsupported: true },"
                + " { company: 0, dataType: accounts, readyAfterRequests: 1 } ]");
        try (SandboxServer server = SandboxServer.start(SandboxSettings.defaults().withCompanies(1))) {
            scenario.script(server);
            SandboxHttp http = new SandboxHttp(server);
            String data = "/companies/" + server.dataSet().companyIds().get(0) + "/data/";

            assertThat(http.get(data + "creditNotes").statusCode()).isEqualTo(404);
            assertThat(http.get(data + "accounts").statusCode()).isEqualTo(409);
            assertThat(http.get(data + "accounts").statusCode()).isEqualTo(200);
            assertThat(http.get(data + "bills").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void accountSectionSetsPlanAndAge() {
        SandboxScenario scenario = parse("account: { freeTrial: false, ageDays: 400 }");

        SandboxSettings settings = scenario.adjust(SandboxSettings.defaults());

        assertThat(settings.freeTrial()).isFalse();
        assertThat(settings.accountAge()).isEqualTo(Duration.ofDays(400));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "colour: red|test line 1, colour: unknown key 'colour'; expected one of [account, data, dataSets, faults,"
                    + " keys]",
            "data: { companies: lots }|test line 1, data.companies: must be a whole number, was 'lots'",
            "faults: [ { serverError: { next: 1, probability: 0.5 } } ]|test line 1, faults[0].serverError: must have"
                    + " exactly one of [next, probability], has [next, probability]",
            "faults: [ { latencyMillis: 5, serverError: { next: 1 } } ]|test line 1, faults[0]: must have exactly one"
                    + " of [latencyMillis, rateLimit, tooManyRequests, unavailable, maintenance, serverError,"
                    + " dropConnection], has [latencyMillis, serverError]",
            "faults: [ { target: { host: x }, latencyMillis: 5 } ]|test line 1, faults[0].target.host: unknown key"
                    + " 'host'; expected one of [company, page, path]",
            "dataSets: [ { company: 9, notRequested: true } ]|test line 1, dataSets[0].company: index 9 is outside"
                    + " 0..1",
            "faults: [ { tooManyRequests: { probability: 2 } } ]|test line 1, faults[0].tooManyRequests.probability:"
                    + " must be at most 1",
            "data: { recordsPerCompany: { payments: 5 } }|test line 1, data.recordsPerCompany.payments: the sandbox"
                    + " serves the data types [customers, invoices, creditNotes, suppliers, bills, accounts], not"
                    + " payments",
            "data: { recordsPerCompany: { suppliers: 0 } }|test line 1, data.recordsPerCompany.suppliers:"
                    + " recordsPerCompany.suppliers must be at least 1 (other data sets refer to its first 1 records),"
                    + " was 0",
            "dataSets: [ { company: 0, dataType: payments, notRequested: true } ]|test line 1, dataSets[0]: the"
                    + " sandbox serves the data types [customers, invoices, creditNotes, suppliers, bills, accounts],"
                    + " not payments"})
    void mistakesAreRefusedNamingTheKey(String yaml, String message) {
        assertThatThrownBy(() -> {
            SandboxScenario scenario = parse(yaml);
            try (SandboxServer server = SandboxServer.start(scenario.adjust(SandboxSettings.defaults()
                    .withCompanies(2).withInvoicesPerCompany(1)))) {
                scenario.script(server);
            }
        }).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void mistakesFoundOnlyWhenScriptingAreReportedAtTheirLine() {
        // given a file whose third fault names a company that the sandbox, started with 2, does not have
        String yaml = """
                data: { companies: 2 }
                faults:
                  - { latencyMillis: 5 }
                  - { rateLimit: { requestsPerSecond: 5 } }
                  - target: { company: 2 }
                    serverError: { next: 1 }
                """;

        assertThatThrownBy(() -> {
            SandboxScenario scenario = parse(yaml);
            try (SandboxServer server = SandboxServer.start(scenario.adjust(SandboxSettings.defaults()))) {
                scenario.script(server);
            }
        }).hasMessage("test line 5, faults[2].target.company: index 2 is outside 0..1");
    }

    @Test
    void aRateBelowOneIsRefusedAtItsLine() {
        assertThatThrownBy(() -> parse("""
                faults:
                  - { latencyMillis: 5 }
                  - rateLimit:
                      requestsPerSecond: 0
                """)).hasMessage("test line 4, faults[1].rateLimit.requestsPerSecond: must be more than 0");
    }

    @Test
    void missingFileIsAClearError() {
        assertThatThrownBy(() -> SandboxScenario.read(Path.of("no-such-scenario.yml")))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("no-such-scenario.yml");
    }

    private static SandboxScenario parse(String yaml) {
        return SandboxScenario.parse("test", new StringReader(yaml));
    }
}
