package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/** The probe of {@code ledgersync check}: one authenticated request, sent once, whatever the answer. */
class DataApiClientProbeTests {

    private final FakeTime time = new FakeTime();
    private final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(3).withClock(time));

    @AfterEach
    void stop() {
        sandbox.close();
    }

    @Test
    void anAcceptedKeyAnswersTheProbeWithOneRequest() {
        // given the sandbox and its key; when probed
        client(sandbox.apiKey()).probe();

        // then one request was sent
        assertThat(sandbox.requestCount()).isEqualTo(1);
    }

    @Test
    void aRefusedKeyFailsTheProbeAsAuthenticationWithoutARetry() {
        // given a key the sandbox does not know; when probed, then 401 as a sync would meet it, after one request
        assertThatThrownBy(() -> client("not-the-key").probe()).isInstanceOf(AuthenticationException.class)
                .hasMessageContaining("answered 401");
        assertThat(sandbox.requestCount()).isEqualTo(1);
    }

    @Test
    void aRetriableAnswerIsNotRetriedByTheProbe() {
        // given the Data API answers 429 three times, which a sync would wait out
        sandbox.faults().all().tooManyRequestsNext(3, Duration.ofSeconds(2));

        // when probed, then the 429 is the answer: one request, no wait
        assertThatThrownBy(() -> client(sandbox.apiKey()).probe()).isInstanceOf(RateLimitedException.class);
        assertThat(sandbox.requestCount()).isEqualTo(1);
        assertThat(time.sleeps()).isEmpty();
    }

    private DataApiClient client(String key) {
        return TestClients.client(sandbox.baseUrl(), key, time, null, UnaryOperator.identity());
    }
}
