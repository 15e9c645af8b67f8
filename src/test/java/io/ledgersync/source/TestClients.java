package io.ledgersync.source;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import io.ledgersync.ConfigDefaults;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Clients for tests: the packaged defaults of {@code config/application.yml}, adjusted to fast timeouts, a fake clock
 * and sleeper, and a rate limiter and a breaker that stay out of the way unless asked.
 */
final class TestClients {

    static final int MAX_ATTEMPTS = 4;

    private TestClients() {
    }

    static DataApiProperties properties() {
        return ConfigDefaults.bind("ledgersync.api", DataApiProperties.class)
                .withPageSize(100)
                .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(5))
                .withRetry(retry(MAX_ATTEMPTS))
                // Resilience4j's limiter counts real nanoseconds, not the fake clock: a period of 1 ns never makes a
                // test's requests wait, where 1 ms (1000/s) slipped sub-millisecond waits among the retries asserted
                .withRateLimit(new DataApiProperties.RateLimit(1_000_000_000, Duration.ofSeconds(5)))
                .withBulkhead(new DataApiProperties.Bulkhead(10, Duration.ofSeconds(5), 16))
                .withCircuitBreaker(new DataApiProperties.CircuitBreaker(50f, 100, 100, Duration.ofSeconds(30), 1, Duration.ofMinutes(5)));
    }

    /** {@code attempts} per request, backing off from 200 ms (±50%, doubling, at most 5 s), Retry-After within 1 s to 60 s. */
    static DataApiProperties.Retry retry(int attempts) {
        return new DataApiProperties.Retry(attempts, Duration.ofMillis(200), 2.0, 0.5, Duration.ofSeconds(5), Duration.ofSeconds(1),
                Duration.ofSeconds(60));
    }

    /** A breaker that opens after 2 failures of the last 4 calls, stays open 30 s, and lets a request pause {@code maxPause}. */
    static DataApiProperties.CircuitBreaker breakerOpeningAfterTwoFailures(Duration maxPause) {
        return new DataApiProperties.CircuitBreaker(50f, 4, 2, Duration.ofSeconds(30), 1, maxPause);
    }

    static DataApiClient client(URI baseUrl, String key, FakeTime time) {
        return client(baseUrl, key, time, null, UnaryOperator.identity());
    }

    static DataApiClient client(URI baseUrl, String key, FakeTime time, MeterRegistry meters,
            UnaryOperator<DataApiProperties> tweak) {
        return new DataApiClient(new DataApiEndpoint(baseUrl, key), tweak.apply(properties()), SourceConfiguration.jsonMapper(),
                meters, time, time);
    }

    /**
     * Every page of {@code path}, walked as the sync walks it: {@code fetchPage} from the first page along
     * {@code _links.next}, each step recorded by a {@link PageWalk} that refuses a loop and checks the end.
     */
    static List<Page> walk(DataApiClient client, String path) {
        PageWalk walk = new PageWalk(path);
        List<Page> pages = new ArrayList<>();
        for (String href = client.firstPageHref(path); href != null; ) {
            Page page = client.fetchPage(href);
            walk.add(page);
            pages.add(page);
            href = page.nextHref();
            if (href != null) {
                walk.checkNext(href);
            }
        }
        walk.verifyComplete();
        return pages;
    }
}
