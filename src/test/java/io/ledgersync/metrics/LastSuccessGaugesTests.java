package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.warehouse.state.RunHistory.LastSuccess;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

class LastSuccessGaugesTests {

    private static final OffsetDateTime NIGHT = OffsetDateTime.of(2026, 3, 1, 2, 0, 30, 0, ZoneOffset.UTC);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<LastSuccess> repository = new ArrayList<>();
    private final AtomicInteger queries = new AtomicInteger();
    private RuntimeException databaseFailure;
    private final LastSuccessGauges gauges = new LastSuccessGauges(registry, List.of("companies", "invoices"), () -> {
        queries.incrementAndGet();
        if (databaseFailure != null) {
            throw databaseFailure;
        }
        return List.copyOf(repository);
    });

    @Test
    void aDataSetThatNeverSyncedHasNoGauge() {
        repository.add(new LastSuccess("companies", NIGHT));

        gauges.started();

        assertThat(registry.find("ledgersync.sync.last.success.timestamp").tag("dataset", "invoices").gauge()).isNull();
    }

    @Test
    void atStartupTheLastSuccessComesFromTheWarehouse() {
        repository.add(new LastSuccess("invoices", NIGHT));

        gauges.started();

        assertThat(value("invoices")).isEqualTo(NIGHT.toEpochSecond());
    }

    @Test
    void aFullRunReadsTheNewLastSuccess() {
        repository.add(new LastSuccess("invoices", NIGHT));
        gauges.started();
        repository.set(0, new LastSuccess("invoices", NIGHT.plusDays(1)));

        gauges.on(finished(SyncRequest.Kind.INCREMENTAL));

        assertThat(value("invoices")).isEqualTo(NIGHT.plusDays(1).toEpochSecond());
    }

    @Test
    void everyRunReadsAgainWhatItsListenerRecorded() {
        gauges.started();

        gauges.on(finished(SyncRequest.Kind.DEFERRED));

        assertThat(queries).as("which runs make a data set fresh is SyncRunListener's to decide").hasValue(2);
    }

    @Test
    void theValueNeverMovesBack() {
        repository.add(new LastSuccess("invoices", NIGHT));
        gauges.started();
        repository.set(0, new LastSuccess("invoices", NIGHT.minusHours(3)));

        gauges.on(finished(SyncRequest.Kind.INCREMENTAL));

        assertThat(value("invoices")).isEqualTo(NIGHT.toEpochSecond());
    }

    @Test
    void aFailingQueryKeepsTheValuesItHad() {
        repository.add(new LastSuccess("invoices", NIGHT));
        gauges.started();
        databaseFailure = new IllegalStateException("database down");

        gauges.on(finished(SyncRequest.Kind.INCREMENTAL));

        assertThat(value("invoices")).isEqualTo(NIGHT.toEpochSecond());
    }

    @Test
    void aDataSetNoLongerInTheCatalogGetsNoGauge() {
        repository.add(new LastSuccess("bills", NIGHT));

        gauges.started();

        assertThat(registry.find("ledgersync.sync.last.success.timestamp").gauges()).isEmpty();
    }

    @Test
    void aTimeStoredWithAnOffsetIsReadAsTheInstantItIs() {
        LastSuccessGauges gauges = new LastSuccessGauges(registry, List.of("companies"),
                () -> List.of(new LastSuccess("companies", NIGHT.atZoneSameInstant(java.time.ZoneId.of("Europe/Paris")).toOffsetDateTime())));

        gauges.started();

        assertThat(value("companies")).isEqualTo(NIGHT.toEpochSecond());
    }

    private double value(String dataSet) {
        return registry.get("ledgersync.sync.last.success.timestamp").tag("dataset", dataSet).gauge().value();
    }

    private static SyncEvent.RunFinished finished(SyncRequest.Kind kind) {
        return new SyncEvent.RunFinished(1, kind, RunOutcome.COMPLETED, Duration.ofSeconds(1));
    }
}
