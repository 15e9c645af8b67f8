package io.ledgersync.metrics;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.springframework.context.event.EventListener;

import io.ledgersync.sync.PartitionOutcome;
import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.SyncRequest;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter.MeterProvider;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Counts what sync runs do, from the events that {@code sync} publishes: runs by mode and
 * outcome with their duration, pages and their latency, records read and upserted, partitions
 * by outcome (deferrals are the {@code DEFERRED} ones), rows marked deleted, deletes refused, page drift. Tagged by data set, never by company.
 * Thread-safe: partitions publish on their own threads.
 */
final class SyncMeters {

    /** The outcomes a run ends with; {@code UNFINISHED} is no ending. */
    static final List<RunOutcome> RUN_OUTCOMES = Arrays.stream(RunOutcome.values()).filter(o -> o != RunOutcome.UNFINISHED).toList();

    // Pages take from milliseconds (sandbox) to a minute (5000 records with Retry-After waits).
    private static final Duration[] PAGE_LATENCY_BUCKETS = { Duration.ofMillis(25), Duration.ofMillis(50),
            Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
            Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30),
            Duration.ofSeconds(60), Duration.ofSeconds(120) };

    private final MeterProvider<Timer> runs;
    private final MeterProvider<Timer> pageLatency;
    private final MeterProvider<Counter> recordsRead;
    private final MeterProvider<Counter> recordsUpserted;
    private final MeterProvider<Counter> partitions;
    private final MeterProvider<Counter> recordsRejected;
    private final MeterProvider<Counter> markedDeleted;
    private final MeterProvider<Counter> deletesRefused;
    private final MeterProvider<Counter> drift;

    SyncMeters(MeterRegistry registry, List<String> dataSets) {
        this.runs = Timer.builder("ledgersync.sync.run")
                .description("Sync runs by mode and outcome, and how long they took")
                .withRegistry(registry);
        this.pageLatency = Timer.builder("ledgersync.page.latency")
                .description("From asking the Data API for a page to having it decoded, retries and waits included")
                .serviceLevelObjectives(PAGE_LATENCY_BUCKETS)
                .withRegistry(registry);
        this.recordsRead = Counter.builder("ledgersync.records.read")
                .description("Records read from the Data API")
                .withRegistry(registry);
        this.recordsUpserted = Counter.builder("ledgersync.records.upserted")
                .description("Records upserted into the warehouse and committed")
                .withRegistry(registry);
        this.recordsRejected = Counter.builder("ledgersync.records.rejected")
                .description("Records the Data API sent that cannot be stored, set aside in rejected_records")
                .withRegistry(registry);
        this.partitions = Counter.builder("ledgersync.partitions")
                .description("Partitions (one company's data set, or a top-level data set) by outcome")
                .withRegistry(registry);
        this.markedDeleted = Counter.builder("ledgersync.records.marked.deleted")
                .description("Rows a complete full walk marked deleted (deleted_at): gone from the source")
                .withRegistry(registry);
        this.deletesRefused = Counter.builder("ledgersync.deletes.refused")
                .description("Company data sets whose deletes the safety bound (ledgersync.sync.deletes.max-fraction) refused")
                .withRegistry(registry);
        this.drift = Counter.builder("ledgersync.drift.detected")
                .description("Walks that saw their data set move under them (page drift) and recovered, or tried to")
                .withRegistry(registry);
        // Series that exist before their first event: a counter that first appears at 1 shows no
        // increase() in Prometheus, so the first failure after a restart would go unnoticed.
        for (SyncRequest.Kind kind : SyncRequest.Kind.values()) {
            RUN_OUTCOMES.forEach(outcome -> runs.withTags("mode", mode(kind), "outcome", outcome.name()));
        }
        for (String dataSet : dataSets) {
            pageLatency.withTags("dataset", dataSet);
            recordsRead.withTags("dataset", dataSet);
            recordsUpserted.withTags("dataset", dataSet);
            recordsRejected.withTags("dataset", dataSet);
            markedDeleted.withTags("dataset", dataSet);
            deletesRefused.withTags("dataset", dataSet);
            drift.withTags("dataset", dataSet);
            for (PartitionOutcome outcome : PartitionOutcome.values()) {
                partitions.withTags("dataset", dataSet, "outcome", outcome.name());
            }
        }
    }

    @EventListener
    void on(SyncEvent.RunFinished finished) {
        runs.withTags("mode", mode(finished.kind()), "outcome", finished.outcome().name()).record(finished.duration());
    }

    @EventListener
    void on(SyncEvent.PageRead page) {
        pageLatency.withTags("dataset", page.dataSet()).record(page.latency());
        recordsRead.withTags("dataset", page.dataSet()).increment(page.records());
    }

    @EventListener
    void on(SyncEvent.RecordsWritten written) {
        recordsUpserted.withTags("dataset", written.dataSet()).increment(written.records());
    }

    @EventListener
    void on(SyncEvent.RecordsRejected rejected) {
        recordsRejected.withTags("dataset", rejected.dataSet()).increment(rejected.records());
    }

    @EventListener
    void on(SyncEvent.PartitionFinished partition) {
        partitions.withTags("dataset", partition.dataSet(), "outcome", partition.outcome().name()).increment();
    }

    @EventListener
    void on(SyncEvent.DeletesMarked deletes) {
        if (deletes.refused()) {
            deletesRefused.withTags("dataset", deletes.dataSet()).increment();
        } else {
            markedDeleted.withTags("dataset", deletes.dataSet()).increment(deletes.marked());
        }
    }

    @EventListener
    void on(SyncEvent.DriftDetected detected) {
        drift.withTags("dataset", detected.dataSet()).increment();
    }

    /** The words of {@code POST /api/runs}: {@code incremental}, {@code full} or {@code deferred}. */
    static String mode(SyncRequest.Kind kind) {
        return kind.word();
    }
}
