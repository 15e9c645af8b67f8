package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/**
 * The client against the sandbox with scripted faults. The sandbox and the client share one fake
 * clock, and the client sleeps only by moving it: a 3-minute maintenance window takes milliseconds.
 */
class DataApiClientSandboxFaultTests {

    private final FakeTime time = new FakeTime();
    private SandboxServer sandbox;

    @AfterEach
    void stop() {
        if (sandbox != null) {
            sandbox.close();
        }
    }

    @Test
    void a429StormWithRetryAfterIsWaitedOutThroughTheSleeper() {
        // given three 429s with Retry-After: 2
        start(SandboxSettings.defaults().withCompanies(3));
        sandbox.faults().all().tooManyRequestsNext(3, Duration.ofSeconds(2));

        // when the companies are read
        Page page = client().fetchPage("/companies?page=1&pageSize=100");

        // then the client waited 2 s three times on the fake clock, then read the page
        assertThat(page.results()).hasSize(3);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2));
        assertThat(sandbox.requestCount()).isEqualTo(4);
    }

    @Test
    void aTokenBucketRateLimitIsReadThroughCompletely() {
        // given 1 request per second with bursts of 2, and a data set of 7 pages
        start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(7));
        sandbox.faults().all().rateLimit(1, 2);
        String company = sandbox.dataSet().companyIds().get(0);

        // when every page is read
        List<Page> pages = TestClients.walk(client(p -> p.withPageSize(1)), "/companies/" + company + "/data/invoices");

        // then every record arrived, the 429s were waited out per Retry-After, never below the floor
        assertThat(pages).hasSize(7);
        assertThat(pages.stream().mapToInt(p -> p.results().size()).sum()).isEqualTo(7);
        assertThat(sandbox.faults().injected()).as("429s answered").isPositive();
        assertThat(time.sleeps()).hasSize((int) sandbox.faults().injected())
                .allSatisfy(wait -> assertThat(wait).isGreaterThanOrEqualTo(Duration.ofSeconds(1)));
    }

    @Test
    void aMaintenanceWindowOpensTheCircuitAndPausesTheReadUntilItEnds() {
        // given a 3-minute maintenance window (503 with Retry-After = seconds left), and a client of
        // 3 attempts whose breaker opens after 2 failures: the window outlasts its retries
        start(SandboxSettings.defaults().withCompanies(2));
        sandbox.faults().all().maintenanceFor(Duration.ofMinutes(3));
        DataApiClient client = client(p -> p.withRetry(TestClients.retry(3))
                .withCircuitBreaker(TestClients.breakerOpeningAfterTwoFailures(Duration.ofMinutes(10))));

        // when the companies are read
        Page page = client.fetchPage("/companies?page=1&pageSize=100");

        // then the read paused through the window and succeeded after it, with few requests sent
        assertThat(page.results()).hasSize(2);
        assertThat(time.slept()).isGreaterThanOrEqualTo(Duration.ofMinutes(3));
        assertThat(sandbox.requestCount()).as("requests during a 3-minute window").isLessThanOrEqualTo(6);
        assertThat(client.resilience().circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void serverErrorsAreRetried() {
        start(SandboxSettings.defaults().withCompanies(2));
        sandbox.faults().all().serverErrorNext(2);

        Page page = client().fetchPage("/companies?page=1&pageSize=100");

        assertThat(page.results()).hasSize(2);
        assertThat(time.sleeps()).hasSize(2);
        assertThat(sandbox.requestCount()).isEqualTo(3);
    }

    @Test
    void aConnectionDroppedMidBodyIsRetriedAndNoHalfPageIsHandedOn() {
        // given the next two responses are cut after 100 bytes of the body
        start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(50));
        String company = sandbox.dataSet().companyIds().get(0);
        sandbox.faults().all().dropConnectionNext(2, 100);

        // when the page is read
        Page page = client().fetchPage("/companies/" + company + "/data/invoices?page=1&pageSize=100");

        // then it came whole on a later attempt
        assertThat(page.results()).hasSize(50);
        assertThat(time.sleeps()).isNotEmpty();
    }

    @Test
    void anIncorrectKeyFailsAtOnceQuotingErrorAndCorrelationId() {
        start(SandboxSettings.defaults());

        assertThatThrownBy(() -> client("not-the-key", UnaryOperator.identity()).fetchPage("/companies?page=1&pageSize=100"))
                .isInstanceOfSatisfying(AuthenticationException.class, e -> {
                    assertThat(e.correlationId()).isNotBlank();
                    assertThat(e.getMessage()).contains("answered 401: " + e.error().error())
                            .contains("[correlationId " + e.correlationId() + "]")
                            .contains("Check the API key (LEDGERSYNC_API_KEY");
                });
        assertThat(sandbox.requestCount()).isEqualTo(1);
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void anExpiredFreeTrialFailsAtOnceNamingTheLimit() {
        // given a free-trial account older than 365 days
        start(SandboxSettings.defaults().withFreeTrial(true).withAccountAge(Duration.ofDays(400)));

        // when anything is read, then 402 names the expired account from the validation message
        assertThatThrownBy(() -> client().fetchPage("/companies?page=1&pageSize=100"))
                .isInstanceOfSatisfying(AccountLimitException.class, e -> {
                    assertThat(e.validationMessages()).anySatisfy(message -> assertThat(message).startsWith("Account expired"));
                    assertThat(e.getMessage()).contains(e.error().error())
                            .contains("(validation: " + e.validationMessages().get(0))
                            .contains(e.correlationId())
                            .contains("has expired: upgrade or renew the account");
                });
        assertThat(sandbox.requestCount()).isEqualTo(1);
    }

    @Test
    void aKeyOfAnotherCompanyFailsAtOnceWithItsScope() {
        // given a key tied to the first company only
        start(SandboxSettings.defaults().withCompanies(2).withInvoicesPerCompany(3));
        List<String> companies = sandbox.dataSet().companyIds();
        String scoped = sandbox.createApiKey("first only", companies.get(0));
        long before = sandbox.requestCount();

        // when it reads the second company's invoices, then 403 says to check the key's scope
        assertThatThrownBy(() -> client(scoped, UnaryOperator.identity())
                .fetchPage("/companies/" + companies.get(1) + "/data/invoices?page=1&pageSize=100"))
                .isInstanceOfSatisfying(ForbiddenException.class, e -> assertThat(e.getMessage())
                        .contains(e.error().error()).contains(e.correlationId()).contains("check the key's scope"));
        assertThat(sandbox.requestCount() - before).isEqualTo(1);
    }

    @Test
    void aDataSetNotRequestedIsNotReadyAndNotRetried() {
        start(SandboxSettings.defaults().withCompanies(1));
        String company = sandbox.dataSet().companyIds().get(0);
        sandbox.faults().dataSet(company, "invoices").notRequested();

        assertThatThrownBy(() -> client().fetchPage("/companies/" + company + "/data/invoices?page=1&pageSize=100"))
                .isInstanceOf(DataSetNotReadyException.class);
        assertThat(sandbox.requestCount()).isEqualTo(1);
    }

    @Test
    void anUnsupportedDataTypeIsToldApartFromNotFound() {
        start(SandboxSettings.defaults().withCompanies(1));
        String company = sandbox.dataSet().companyIds().get(0);
        sandbox.faults().dataSet(company, "invoices").unsupported();

        assertThatThrownBy(() -> client().fetchPage("/companies/" + company + "/data/invoices?page=1&pageSize=100"))
                .isInstanceOf(DataTypeNotSupportedException.class).hasMessageContaining("not supported by platform");
        assertThatThrownBy(() -> client().fetchPage("/companies/no-such-company/data/invoices?page=1&pageSize=100"))
                .isInstanceOf(NotFoundException.class);
    }

    private void start(SandboxSettings settings) {
        sandbox = SandboxServer.start(settings.withClock(time));
    }

    private DataApiClient client() {
        return client(UnaryOperator.identity());
    }

    private DataApiClient client(UnaryOperator<DataApiProperties> tweak) {
        return client(sandbox.apiKey(), tweak);
    }

    private DataApiClient client(String key, UnaryOperator<DataApiProperties> tweak) {
        return TestClients.client(sandbox.baseUrl(), key, time, null, tweak);
    }
}
