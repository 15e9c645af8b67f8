package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.ledgersync.MutableClock;

/** The one whole-API judgement: most companies failing and nothing succeeding is an outage; one broken company never is. */
class ApiOutageTests {

    private static final Duration PROBE_EVERY = Duration.ofSeconds(30);

    private final MutableClock clock = MutableClock.at("2026-11-25T02:00:00Z");
    private final ApiOutage outage = new ApiOutage(clock, PROBE_EVERY.multipliedBy(2), PROBE_EVERY, 2, 256);

    @Test
    void oneCompanyFailingHoweverOftenNeverMakesTheApiDown() {
        for (int i = 0; i < 50; i++) {
            outage.failed(invoicesOf("broken"), serverError(invoicesOf("broken")));
            clock.advance(Duration.ofSeconds(5));
        }

        assertThat(outage.down()).isFalse();
        assertThatCode(() -> outage.check("GET /companies/other/data/invoices")).doesNotThrowAnyException();
    }

    @Test
    void companiesFailingWhileOthersStillSucceedAreNotAnOutage() {
        // given two of three companies failing at once, just after a success of the third
        outage.succeeded(invoicesOf("healthy"));
        clock.advance(Duration.ofSeconds(1));

        outage.failed(invoicesOf("a"), serverError(invoicesOf("a")));
        outage.failed(invoicesOf("b"), serverError(invoicesOf("b")));

        // then the broken ones are left to their breakers and retries: a success within wait-in-open-state counts
        assertThat(outage.down()).isFalse();
    }

    @Test
    void mostCompaniesFailingAndNothingSucceedingIsAnOutageThatFailsRequestsAtOnce() {
        // given the company list failing to connect, then a company's first request failing
        outage.failed("/companies", unreachable("/companies"));
        outage.failed(invoicesOf("a"), new ServiceUnavailableException(invoicesOf("a"), null, null));

        // then the Data API is down, and another company's request is refused without being sent
        assertThat(outage.down()).isTrue();
        assertThatThrownBy(() -> outage.check("GET /companies/c/data/invoices"))
                .isInstanceOf(DataApiDownException.class)
                .satisfies(e -> assertThat(((DataApiException) e).status()).as("exit code 7 reads status 0").isZero())
                .hasMessageContaining("the Data API looks down: the last requests of 2 of the 2 companies");
    }

    @Test
    void whileDownOneProbeGoesEveryWaitInOpenStateAndTheFirstSuccessEndsTheOutage() {
        outage.failed(invoicesOf("a"), serverError(invoicesOf("a")));
        outage.failed(invoicesOf("b"), serverError(invoicesOf("b")));
        assertThat(outage.down()).isTrue();

        clock.advance(PROBE_EVERY);
        assertThatCode(() -> outage.check("probe")).as("the probe that is due").doesNotThrowAnyException();
        assertThatThrownBy(() -> outage.check("another")).as("one probe at a time").isInstanceOf(DataApiDownException.class);

        outage.succeeded(invoicesOf("a"));
        assertThat(outage.down()).isFalse();
        assertThatCode(() -> outage.check("after")).doesNotThrowAnyException();
    }

    @Test
    void throttlingAndRequestErrorsSayNothingAboutAnOutage() {
        outage.failed(invoicesOf("a"), DataApiException.of(invoicesOf("a"), 429, null));
        outage.failed(invoicesOf("b"), DataApiException.of(invoicesOf("b"), 404, null));
        outage.failed(invoicesOf("c"), DataApiException.of(invoicesOf("c"), 400, null));

        assertThat(outage.down()).isFalse();
    }

    private static String invoicesOf(String company) {
        return "/companies/" + company + "/data/invoices";
    }

    private static DataApiException serverError(String request) {
        return DataApiException.of(request, 500, null);
    }

    private static DataApiException unreachable(String request) {
        return new DataApiConnectionException(request, new java.net.ConnectException("Connection refused"));
    }
}
