package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The REST API's refusals on H2 (the default warehouse), and those of the web layer that touch no database and so run
 * here only: guesses in parallel, the password's attempt given back, a small chunked body read, /error and the API
 * description behind credentials.
 */
class H2ApiHardeningIntegrationTests extends AbstractApiHardeningIntegrationTests {

    @DynamicPropertySource
    static void h2(DynamicPropertyRegistry registry) {
        properties(registry);
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:api-hardening;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                + "DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1");
    }

    @Test
    void givenManyParallelGuessesFromOneClientWhenTheyArriveTogetherThenNoMoreThanAllowedAreChecked() throws Exception {
        // another loopback address is another client: the other tests' client keeps its attempts
        int guesses = 150;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(guesses);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int guess = 0; guess < guesses; guess++) {
                String credentials = "admin:guess-" + guess;
                answers.add(threads.submit((Callable<Integer>) () -> {
                    start.await();
                    return RawHttp.get(port, "127.0.0.4", "/api/runs", credentials).status();
                }));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }

            assertThat(statuses).containsOnly(401, 429);
            assertThat(statuses.stream().filter(status -> status == 401).count()).as("401s: passwords checked")
                    .isLessThanOrEqualTo(ALLOWED);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void givenTheRightPasswordWhenItLogsInThenItsAttemptIsGivenBack() throws Exception {
        for (int login = 0; login < ALLOWED * 3; login++) {
            assertThat(RawHttp.get(port, "127.0.0.5", "/api/runs", "admin:" + PASSWORD).status()).isEqualTo(200);
        }
        assertThat(RawHttp.get(port, "127.0.0.5", "/api/runs", "admin:wrong").status()).as("attempts left").isEqualTo(401);
    }

    @Test
    void givenASmallChunkedBodyWhenPostedThenTheApiReadsIt() throws Exception {
        HttpResponse<String> refused = post("/api/runs", chunked("{\"companies\": [\"nope\"]}"));

        assertThat(problem(refused, 400).get("detail").asString()).contains("Unknown companies [nope]");
    }

    @Test
    void givenTheErrorPathItselfWhenAskedForThenAProblemNotSpringsDefaultJson() throws Exception {
        HttpResponse<String> error = send("/error", null);

        problem(error, 404);
        assertThat(error.body()).doesNotContain("\"timestamp\"", "\"path\"");
    }

    @Test
    void givenNoCredentialsWhenTheApiDescriptionIsAskedForThen401AndWithThemItIsServed() throws Exception {
        for (String path : List.of("/v3/api-docs", "/swagger-ui.html", "/swagger-ui/index.html")) {
            problem(send(path, null), 401);
        }
        HttpResponse<String> apiDocs = get("/v3/api-docs");
        assertThat(apiDocs.statusCode()).isEqualTo(200);
        assertThat(apiDocs.body()).contains("/api/runs/{runId}/restart");
    }
}
