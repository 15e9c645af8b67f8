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
            var ids = server.dataset().companyIds();

            // data: 4 companies of 500 invoices; the first GET /companies is the scripted 429
            assertThat(http.get("/companies").statusCode()).isEqualTo(429);
            assertThat(http.getJson("/companies").get("totalResults").asInt()).isEqualTo(4);
            assertThat(server.dataset().invoiceCount(ids.get(0))).isEqualTo(500);
            // keys: a key tied to company 0
            assertThat(http.getAs("company-0-key", invoicesPath(ids.get(0))).statusCode()).isEqualTo(200);
            assertThat(http.getAs("company-0-key", invoicesPath(ids.get(1))).statusCode()).isEqualTo(403);
            // dataSets: ready after two requests, unsupported
            assertThat(http.get(invoicesPath(ids.get(1))).statusCode()).isEqualTo(409);
            assertThat(http.get(invoicesPath(ids.get(1))).statusCode()).isEqualTo(409);
            assertThat(http.get(invoicesPath(ids.get(1))).statusCode()).isEqualTo(200);
            assertThat(http.get(invoicesPath(ids.get(2))).statusCode()).isEqualTo(404);
            // faults: the maintenance window ten minutes in
            clock.advance(Duration.ofMinutes(10));
            assertThat(http.get("/companies").statusCode()).isEqualTo(503);
            assertThat(server.faults().describe()).hasSize(6);
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
            "colour: red|unknown key 'colour' in the file",
            "data: { companies: lots }|data.companies must be a whole number",
            "faults: [ { serverError: { next: 1, probability: 0.5 } } ]|takes either next or probability",
            "faults: [ { latencyMillis: 5, serverError: { next: 1 } } ]|exactly one of",
            "faults: [ { target: { host: x }, latencyMillis: 5 } ]|unknown key 'host' in target",
            "dataSets: [ { company: 9, notRequested: true } ]|company index 9 is outside",
            "faults: [ { tooManyRequests: { probability: 2 } } ]|probability must be from 0 to 1"})
    void mistakesAreRefusedNamingTheKey(String yaml, String message) {
        assertThatThrownBy(() -> {
            SandboxScenario scenario = parse(yaml);
            try (SandboxServer server = SandboxServer.start(scenario.adjust(SandboxSettings.defaults()
                    .withCompanies(2).withInvoicesPerCompany(1)))) {
                scenario.script(server);
            }
        }).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
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
