package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.warehouse.state.SyncState.Status;
import io.ledgersync.warehouse.state.SyncState;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

class SyncStateGaugesTests {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<SyncState> table = new ArrayList<>();
    private final SyncStateGauges gauges = new SyncStateGauges(registry, List.of("invoices", "customers"), () -> List.copyOf(table));

    @Test
    void countsTheCompaniesOfEachDataSetInEachState() {
        table.add(state("a", "invoices", Status.OK));
        table.add(state("b", "invoices", Status.DEFERRED));
        table.add(state("c", "invoices", Status.DEFERRED));
        table.add(state("a", "customers", Status.UNSUPPORTED));

        gauges.started();

        assertThat(count("invoices", Status.DEFERRED)).isEqualTo(2);
        assertThat(count("invoices", Status.OK)).isEqualTo(1);
        assertThat(count("customers", Status.UNSUPPORTED)).isEqualTo(1);
        assertThat(count("customers", Status.FAILED)).isZero();
    }

    @Test
    void everyRunRecountsSoADeferralThatSucceededLeavesTheBacklog() {
        table.add(state("b", "invoices", Status.DEFERRED));
        gauges.started();
        table.set(0, state("b", "invoices", Status.OK));

        gauges.on(new SyncEvent.RunFinished(2, SyncRequest.Kind.DEFERRED, RunOutcome.COMPLETED, Duration.ZERO));

        assertThat(count("invoices", Status.DEFERRED)).isZero();
        assertThat(count("invoices", Status.OK)).isEqualTo(1);
    }

    @Test
    void rowsOfADataSetNoLongerInTheCatalogAreNotCounted() {
        table.add(state("a", "bills", Status.FAILED));

        gauges.started();

        assertThat(registry.find("ledgersync.company.datasets").tag("dataset", "bills").gauges()).isEmpty();
        assertThat(registry.find("ledgersync.company.datasets").gauges()).hasSize(2 * Status.values().length);
    }

    @Test
    void theLongestRunOfFailuresOfEachDataSetIsItsGaugeAtZeroFromTheStart() {
        assertThat(longestStreak("invoices")).as("before the warehouse is read").isZero();
        table.add(failing("a", "invoices", 3));
        table.add(failing("b", "invoices", 1));
        table.add(state("c", "invoices", Status.OK));
        table.add(state("a", "customers", Status.OK));

        gauges.started();

        assertThat(longestStreak("invoices")).isEqualTo(3);
        assertThat(longestStreak("customers")).isZero();
        assertThat(registry.find("ledgersync.company.datasets.consecutive.failures.max").gauges()).as("one series per data set")
                .hasSize(2);

        // when the company that kept failing is read again
        table.set(0, state("a", "invoices", Status.OK));
        gauges.on(new SyncEvent.RunFinished(3, SyncRequest.Kind.INCREMENTAL, RunOutcome.COMPLETED, Duration.ZERO));

        assertThat(longestStreak("invoices")).isEqualTo(1);
    }

    private double longestStreak(String dataSet) {
        return registry.get("ledgersync.company.datasets.consecutive.failures.max").tags("dataset", dataSet).gauge().value();
    }

    private double count(String dataSet, Status state) {
        return registry.get("ledgersync.company.datasets").tags("dataset", dataSet, "state", state.name()).gauge().value();
    }

    private static SyncState failing(String companyId, String dataSet, int runs) {
        return new SyncState(companyId, dataSet, Status.FAILED, runs, null, null, "500", null, 1, Instant.EPOCH, runs, Instant.EPOCH);
    }

    private static SyncState state(String companyId, String dataSet, Status status) {
        return new SyncState(companyId, dataSet, status, 0, null, null, null, null, 1, Instant.EPOCH, 0, null);
    }
}
