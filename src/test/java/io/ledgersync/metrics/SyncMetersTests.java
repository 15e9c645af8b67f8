package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.SyncRequest;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

class SyncMetersTests {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final SyncMeters meters = new SyncMeters(registry, List.of("companies", "invoices"));

    @Test
    void everyRunOutcomeAndPartitionOutcomeIsAZeroSeriesBeforeAnythingHappens() {
        assertThat(registry.get("ledgersync.sync.run").tags("mode", "incremental", "outcome", "FAILED").timer().count()).isZero();
        assertThat(registry.get("ledgersync.sync.run").tags("mode", "full", "outcome", "FAILED").timer().count()).isZero();
        assertThat(registry.get("ledgersync.sync.run").tags("mode", "deferred", "outcome", "COMPLETED").timer().count()).isZero();
        assertThat(registry.get("ledgersync.partitions").tags("dataset", "invoices", "outcome", "DEFERRED").counter().count()).isZero();
        assertThat(registry.get("ledgersync.records.read").tags("dataset", "companies").counter().count()).isZero();
    }

    @Test
    void aFinishedRunIsTimedUnderItsModeAndOutcome() {
        meters.on(new SyncEvent.RunFinished(1, SyncRequest.Kind.INCREMENTAL, RunOutcome.COMPLETED_WITH_DEFERRALS, Duration.ofSeconds(42)));

        Timer runs = registry.get("ledgersync.sync.run").tags("mode", "incremental", "outcome", "COMPLETED_WITH_DEFERRALS").timer();
        assertThat(runs.count()).isEqualTo(1);
        assertThat(runs.totalTime(java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(42.0);
    }

    @Test
    void aFailedRunIsCountedAsFailedInOneSeriesPerModeAndOutcome() {
        meters.on(new SyncEvent.RunFinished(1, SyncRequest.Kind.DEFERRED, RunOutcome.FAILED, Duration.ofSeconds(1)));

        assertThat(registry.get("ledgersync.sync.run").tags("mode", "deferred", "outcome", "FAILED").timer().count()).isEqualTo(1);
        assertThat(registry.find("ledgersync.sync.run").timers()).as("no series per exit text: 3 modes x 4 outcomes").hasSize(12);
    }

    @Test
    void rowsMarkedDeletedDeletesRefusedAndPageDriftAreCountedPerDataSet() {
        assertThat(registry.get("ledgersync.deletes.refused").tags("dataset", "invoices").counter().count()).isZero();

        meters.on(new SyncEvent.DeletesMarked(3, "invoices", "c1", 7, false));
        meters.on(new SyncEvent.DeletesMarked(3, "invoices", "c2", 0, true));
        meters.on(new SyncEvent.DriftDetected(3, "invoices", "totalResults went from 250 to 257 at page 2"));

        assertThat(registry.get("ledgersync.records.marked.deleted").tags("dataset", "invoices").counter().count()).isEqualTo(7);
        assertThat(registry.get("ledgersync.deletes.refused").tags("dataset", "invoices").counter().count()).isEqualTo(1);
        assertThat(registry.get("ledgersync.drift.detected").tags("dataset", "invoices").counter().count()).isEqualTo(1);
    }

    @Test
    void aStoppedRunIsCountedAsStopped() {
        meters.on(new SyncEvent.RunFinished(1, SyncRequest.Kind.DEFERRED, RunOutcome.STOPPED, Duration.ZERO));

        assertThat(registry.get("ledgersync.sync.run").tags("mode", "deferred", "outcome", "STOPPED").timer().count()).isEqualTo(1);
    }

    @Test
    void givenAnIncrementalRunAndAFullRefreshWhenTheyEndThenEachIsTimedUnderThePostsWordForItsMode() {
        meters.on(new SyncEvent.RunFinished(1, SyncRequest.Kind.INCREMENTAL, RunOutcome.COMPLETED, Duration.ZERO));
        meters.on(new SyncEvent.RunFinished(2, SyncRequest.Kind.FULL, RunOutcome.COMPLETED, Duration.ZERO));

        assertThat(registry.get("ledgersync.sync.run").tags("mode", "incremental", "outcome", "COMPLETED").timer().count()).isEqualTo(1);
        assertThat(registry.get("ledgersync.sync.run").tags("mode", "full", "outcome", "COMPLETED").timer().count()).isEqualTo(1);
        assertThat(registry.find("ledgersync.sync.run").tagKeys("mode").timers()).extracting(timer -> timer.getId().getTag("mode"))
                .containsOnly("incremental", "full", "deferred");
    }

    @Test
    void pagesCountRecordsReadAndTheirLatencyPerDataSet() {
        meters.on(new SyncEvent.PageRead(7, "invoices", 100, Duration.ofMillis(300)));
        meters.on(new SyncEvent.PageRead(7, "invoices", 50, Duration.ofMillis(100)));

        assertThat(registry.get("ledgersync.records.read").tags("dataset", "invoices").counter().count()).isEqualTo(150);
        Timer latency = registry.get("ledgersync.page.latency").tags("dataset", "invoices").timer();
        assertThat(latency.count()).isEqualTo(2);
        assertThat(latency.max(java.util.concurrent.TimeUnit.MILLISECONDS)).isEqualTo(300);
    }

    @Test
    void upsertedRecordsAreCountedPerDataSet() {
        meters.on(new SyncEvent.RecordsWritten(7, "companies", 5));
        meters.on(new SyncEvent.RecordsWritten(7, "companies", 3));

        assertThat(registry.get("ledgersync.records.upserted").tags("dataset", "companies").counter().count()).isEqualTo(8);
    }

    @Test
    void rejectedRecordsAreCountedPerDataSetFromZero() {
        assertThat(registry.get("ledgersync.records.rejected").tags("dataset", "invoices").counter().count())
                .as("a series at zero before the first rejection, so that increase() sees it").isZero();

        meters.on(new SyncEvent.RecordsRejected(7, "invoices", 2));

        assertThat(registry.get("ledgersync.records.rejected").tags("dataset", "invoices").counter().count()).isEqualTo(2);
    }

    @Test
    void deferredPartitionsAreCountedPerDataSetAndNeverPerCompany() {
        meters.on(new SyncEvent.PartitionFinished(7, "invoices", "company-a", PartitionOutcome.DEFERRED, 0, 0));
        meters.on(new SyncEvent.PartitionFinished(7, "invoices", "company-b", PartitionOutcome.DEFERRED, 0, 0));
        meters.on(new SyncEvent.PartitionFinished(7, "invoices", "company-c", PartitionOutcome.COMPLETED, 250, 3));

        assertThat(registry.get("ledgersync.partitions").tags("dataset", "invoices", "outcome", "DEFERRED").counter().count()).isEqualTo(2);
        assertThat(registry.get("ledgersync.partitions").tags("dataset", "invoices", "outcome", "COMPLETED").counter().count()).isEqualTo(1);
        assertThat(registry.getMeters()).flatMap(meter -> meter.getId().getTags())
                .noneMatch(tag -> tag.getValue().startsWith("company-"));
    }

    @Test
    void aStoppedPartitionIsCountedStoppedFromASeriesThatExistedBefore() {
        assertThat(registry.get("ledgersync.partitions").tags("dataset", "invoices", "outcome", "STOPPED").counter().count()).isZero();

        meters.on(new SyncEvent.PartitionFinished(7, "invoices", "company-a", PartitionOutcome.STOPPED, 100, 1));

        assertThat(registry.get("ledgersync.partitions").tags("dataset", "invoices", "outcome", "STOPPED").counter().count()).isEqualTo(1);
        assertThat(registry.get("ledgersync.partitions").tags("dataset", "invoices", "outcome", "COMPLETED").counter().count()).isZero();
    }

    @Test
    void everyMeterIsTaggedOnlyWithBoundedTags() {
        meters.on(new SyncEvent.PageRead(7, "invoices", 100, Duration.ofMillis(300)));
        meters.on(new SyncEvent.PartitionFinished(7, "invoices", "company-a", PartitionOutcome.FAILED, 0, 0));

        assertThat(registry.getMeters()).map(Meter::getId).flatMap(id -> id.getTags())
                .allMatch(tag -> List.of("dataset", "mode", "outcome", "le").contains(tag.getKey()), "dataset, mode, outcome or a fixed bucket");
    }

}
