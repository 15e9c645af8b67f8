package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/** Under the {@code prod} profile the API description is not served at all, not even with the password. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("prod")
class ProdApiDescriptionIntegrationTests {

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(1)
            .withInvoicesPerCompany(5).withSeed(26));
    private static final String PASSWORD = "test-prod-password";
    private static final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("ledgersync.api.base-url", () -> sandbox.baseUrl().toString());
        registry.add("ledgersync.api.api-key", sandbox::apiKey);
        registry.add("ledgersync.schedule.enabled", () -> false);
        registry.add("ledgersync.security.password", () -> PASSWORD);
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:prod-api-docs;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                + "DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void givenTheProdProfileWhenTheApiDescriptionIsAskedForWithThePasswordThen404WhileTheApiAnswers() throws Exception {
        for (String path : List.of("/v3/api-docs", "/swagger-ui.html", "/swagger-ui/index.html")) {
            HttpResponse<String> missing = get(path);
            assertThat(missing.statusCode()).as(path + ": " + missing.body()).isEqualTo(404);
            assertThat(missing.headers().firstValue("Content-Type")).as(path).hasValueSatisfying(type -> assertThat(type)
                    .startsWith("application/problem+json"));
            assertThat(missing.body()).as(path).doesNotContain("openapi", "swagger-ui-bundle");
        }
        assertThat(get("/api/runs").statusCode()).isEqualTo(200);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).header("Authorization",
                "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
