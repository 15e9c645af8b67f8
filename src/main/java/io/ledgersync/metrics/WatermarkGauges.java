package io.ledgersync.metrics;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The age of the oldest watermark of each company data set, over its companies (no company label: one laggard is
 * what an alert needs, and companies are many): how long ago the least recent change an incremental walk has read
 * was made. Read from the warehouse at startup and after every run; the age grows with the clock between runs.
 * Thread-safe.
 */
final class WatermarkGauges extends WarehouseGauges {

    private static final Logger log = LoggerFactory.getLogger(WatermarkGauges.class);

    private final MeterRegistry registry;
    private final List<String> dataSets;
    private final Supplier<Map<String, Instant>> oldest;
    private final Clock clock;
    private final Map<String, AtomicReference<Instant>> watermarks = new ConcurrentHashMap<>();

    WatermarkGauges(MeterRegistry registry, List<String> dataSets, Supplier<Map<String, Instant>> oldest, Clock clock) {
        this.registry = registry;
        this.dataSets = List.copyOf(dataSets);
        this.oldest = oldest;
        this.clock = clock;
    }

    @Override
    void refresh() {
        Map<String, Instant> found;
        try {
            found = oldest.get();
        } catch (RuntimeException e) {
            log.warn("Could not read the watermarks from the warehouse: {}", e.getMessage());
            return;
        }
        found.forEach((dataSet, watermark) -> {
            if (dataSets.contains(dataSet)) {
                watermarks.computeIfAbsent(dataSet, this::register).set(watermark);
            }
        });
    }

    private AtomicReference<Instant> register(String dataSet) {
        AtomicReference<Instant> watermark = new AtomicReference<>();
        Gauge.builder("ledgersync.watermark.oldest.age", watermark,
                        value -> value.get() == null ? Double.NaN : Duration.between(value.get(), clock.instant()).toMillis() / 1000.0)
                .description("Age of the oldest watermark of the data set over its companies: how far incremental reads lag")
                .baseUnit("seconds")
                .tag("dataset", dataSet)
                .strongReference(true)
                .register(registry);
        return watermark;
    }
}
