package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.ledgersync.source.DataApiObserver.Wait;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

class DataApiMetersTests {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final DataApiMeters meters = new DataApiMeters(registry);

    @ParameterizedTest
    @CsvSource({
            "/companies, /companies",
            "/companies/, /companies",
            "/companies?page=2&pageSize=100, /companies",
            "/companies/8a1e-42, /companies/{companyId}",
            "/companies/8a1e-42/data/invoices, /companies/{companyId}/data/{dataType}",
            "/companies/8a1e-42/data/customers?page=3, /companies/{companyId}/data/{dataType}",
            "/companies/8a1e-42/connections, other",
            "/companies/8a1e-42/data/invoices/inv-1, other",
            "/v2/companies, other",
            "'', other" })
    void endpointIsThePathTemplateNeverThePath(String path, String endpoint) {
        assertThat(DataApiMeters.endpoint(path)).isEqualTo(endpoint);
    }

    @Test
    void responsesAreCountedByEndpointAndStatus() {
        meters.responded("/companies/c-1/data/invoices", 200, Duration.ofMillis(40));
        meters.responded("/companies/c-2/data/invoices", 200, Duration.ofMillis(60));
        meters.responded("/companies/c-2/data/invoices", 429, Duration.ofMillis(5));

        Timer ok = registry.get("ledgersync.api.requests").tags("endpoint", DataApiMeters.COMPANY_DATA, "status", "200").timer();
        assertThat(ok.count()).isEqualTo(2);
        assertThat(ok.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(100);
        assertThat(registry.get("ledgersync.api.requests").tags("status", "429").timer().count()).isEqualTo(1);
        assertThat(registry.find("ledgersync.api.requests").timers()).as("one series per template and status, not per company")
                .hasSize(2);
    }

    @Test
    void anAttemptWithoutAResponseIsCountedAsAnIoError() {
        meters.responded("/companies", 0, Duration.ofSeconds(10));

        assertThat(registry.get("ledgersync.api.requests").tags("endpoint", "/companies", "status", "IO_ERROR").timer().count())
                .isEqualTo(1);
    }

    @Test
    void waitsAddUpTheirTimeByReason() {
        meters.waited("/companies/c-1/data/invoices", Wait.RETRY, Duration.ofSeconds(2));
        meters.waited("/companies/c-2/data/invoices", Wait.RETRY, Duration.ofSeconds(4));
        meters.waited("/companies/c-2/data/invoices", Wait.RATE_LIMITER, Duration.ofMillis(50));

        Timer retries = registry.get("ledgersync.api.waits").tags("endpoint", DataApiMeters.COMPANY_DATA, "reason", "retry").timer();
        assertThat(retries.count()).as("retries").isEqualTo(2);
        assertThat(retries.totalTime(TimeUnit.SECONDS)).as("time spent waiting to retry").isEqualTo(6);
        assertThat(registry.get("ledgersync.api.waits").tags("endpoint", DataApiMeters.COMPANY_DATA, "reason", "rate_limiter").timer().totalTime(TimeUnit.MILLISECONDS))
                .isEqualTo(50);
    }

    @Test
    void everyWaitReasonIsAZeroSeriesBeforeTheFirstWait() {
        assertThat(registry.get("ledgersync.api.waits").tags("endpoint", "/companies", "reason", "circuit_breaker").timer().count())
                .isZero();
    }
}
