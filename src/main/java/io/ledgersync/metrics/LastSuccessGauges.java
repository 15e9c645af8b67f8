package io.ledgersync.metrics;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.ledgersync.warehouse.state.RunHistory.LastSuccess;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The time of the last successful sync of each data set, read from the warehouse ({@code data_set_success}) at startup
 * and after every run, so that it survives restarts and agrees between instances that share
 * a database. A data set gets its gauge once it has synced successfully; a value never moves back.
 * Thread-safe.
 */
final class LastSuccessGauges extends WarehouseGauges {

    private static final Logger log = LoggerFactory.getLogger(LastSuccessGauges.class);

    private final MeterRegistry registry;
    private final List<String> dataSets;
    private final Supplier<List<LastSuccess>> lastSuccesses;
    private final Map<String, AtomicLong> epochMillis = new ConcurrentHashMap<>();

    LastSuccessGauges(MeterRegistry registry, List<String> dataSets, Supplier<List<LastSuccess>> lastSuccesses) {
        this.registry = registry;
        this.dataSets = List.copyOf(dataSets);
        this.lastSuccesses = lastSuccesses;
    }

    /** Which runs make a data set fresh is the run listener's to decide (SyncRunListener): this reads what it recorded. */
    @Override
    void refresh() {
        List<LastSuccess> found;
        try {
            found = lastSuccesses.get();
        } catch (RuntimeException e) {
            // The gauges keep their values; the next run or restart tries again.
            log.warn("Could not read the last successful syncs from the warehouse: {}", e.getMessage());
            return;
        }
        for (LastSuccess success : found) {
            if (dataSets.contains(success.dataSet()) && success.finishedAt() != null) {
                update(success.dataSet(), success.finishedAt());
            }
        }
    }

    private void update(String dataSet, OffsetDateTime finishedAt) {
        long millis = finishedAt.toInstant().toEpochMilli();
        epochMillis.computeIfAbsent(dataSet, this::register).accumulateAndGet(millis, Math::max);
    }

    private AtomicLong register(String dataSet) {
        AtomicLong value = new AtomicLong(Long.MIN_VALUE);
        Gauge.builder("ledgersync.sync.last.success.timestamp", value, millis -> millis.get() / 1000.0)
                .description("When the data set was last synced by a full run with none of its partitions failed")
                .baseUnit("seconds")
                .tag("dataset", dataSet)
                .strongReference(true)
                .register(registry);
        return value;
    }
}
