package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.ledgersync.MutableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

class WatermarkGaugesTests {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final MutableClock clock = MutableClock.at("2026-11-22T03:00:00Z");
    private final Map<String, Instant> oldest = new HashMap<>();
    private final WatermarkGauges gauges = new WatermarkGauges(registry, List.of("invoices", "customers"), () -> oldest, clock);

    @Test
    void theAgeOfTheOldestWatermarkPerDataSetGrowsWithTheClockUntilTheNextRunMovesIt() {
        oldest.put("invoices", Instant.parse("2026-11-22T02:00:00Z"));
        gauges.refresh();
        assertThat(registry.get("ledgersync.watermark.oldest.age").tags("dataset", "invoices").gauge().value()).isEqualTo(3600);
        assertThat(registry.find("ledgersync.watermark.oldest.age").tags("dataset", "customers").gauge())
                .as("no watermark yet: no series").isNull();

        clock.advance(Duration.ofMinutes(30));
        assertThat(registry.get("ledgersync.watermark.oldest.age").tags("dataset", "invoices").gauge().value()).isEqualTo(5400);

        oldest.put("invoices", Instant.parse("2026-11-22T03:20:00Z"));
        gauges.refresh();
        assertThat(registry.get("ledgersync.watermark.oldest.age").tags("dataset", "invoices").gauge().value()).isEqualTo(600);
        assertThat(registry.get("ledgersync.watermark.oldest.age").gauge().getId().getTags()).as("no company label")
                .extracting(tag -> tag.getKey()).containsExactly("dataset");
    }
}
