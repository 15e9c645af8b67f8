package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.SandboxUnderTest;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.SyncStatus;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncRuns;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code status --json} and {@code runs --json} print the documents of {@code GET /api/status} and {@code GET /api/runs}:
 * the same records, written by the application's one JSON mapper, over real HTTP and a real run.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConnectorVerbsJsonIntegrationTests {

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(2)
            .withInvoicesPerCompany(20).withSeed(7));
    private static final String PASSWORD = "test-operator-password";
    private static final JsonMapper reader = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    SyncLauncher launcher;

    @Autowired
    SyncStatus status;

    @Autowired
    SyncRuns runs;

    @Autowired
    JsonMapper json;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        SandboxUnderTest.register(registry, sandbox);
        registry.add("ledgersync.security.password", () -> PASSWORD);
        registry.add("spring.datasource.url",
                () -> "jdbc:h2:mem:verbs-json;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void statusAndRunsAsJsonAreTheDocumentsOfTheRestApi() throws Exception {
        // given two runs
        launcher.run(SyncRequest.everything());
        launcher.run(SyncRequest.everything());

        // when the commands print their JSON, then it is what the endpoints answer (status: but the moment it was read)
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        CommandOutput output = new CommandOutput(new PrintStream(printed, true, StandardCharsets.UTF_8));
        new CommandLineStatus(status, json, output).print(new ReportOptions(true, 0));
        JsonNode statusByCommand = reader.readTree(printed.toString(StandardCharsets.UTF_8));
        JsonNode statusByApi = get("/api/status");
        assertThat(statusByCommand.get("companyDataSets")).hasSize(12); // 6 company data sets of 2 companies
        assertThat(withoutTime(statusByCommand)).isEqualTo(withoutTime(statusByApi));

        printed.reset();
        new CommandLineRuns(runs, json, output).print(new ReportOptions(true, 10));
        assertThat(reader.readTree(printed.toString(StandardCharsets.UTF_8))).isEqualTo(get("/api/runs?size=10"));
        assertThat(get("/api/runs?size=10").get("total").asInt()).isEqualTo(2);
    }

    private static JsonNode withoutTime(JsonNode status) {
        ObjectNode copy = (ObjectNode) status.deepCopy();
        copy.remove("at");
        return copy;
    }

    private JsonNode get(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .GET().build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return reader.readTree(response.body());
    }
}
