package io.ledgersync.metrics;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.ledgersync.warehouse.state.SyncState;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * How many companies' data sets stand in each state of {@code sync_state} (ok, deferred, unsupported,
 * failed), counted at startup and after every run: the deferral backlog without a series per company.
 * Thread-safe.
 */
final class SyncStateGauges extends WarehouseGauges {

    private static final Logger log = LoggerFactory.getLogger(SyncStateGauges.class);

    private final Supplier<List<SyncState>> states;
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

    SyncStateGauges(MeterRegistry registry, List<String> companyDataSets, Supplier<List<SyncState>> states) {
        this.states = states;
        for (String dataSet : companyDataSets) {
            for (SyncState.Status state : SyncState.Status.values()) {
                AtomicLong count = new AtomicLong();
                counts.put(key(dataSet, state), count);
                Gauge.builder("ledgersync.company.datasets", count, AtomicLong::get)
                        .description("Companies whose data set is in this sync state after the last run that read it")
                        .tag("dataset", dataSet)
                        .tag("state", state.name())
                        .strongReference(true)
                        .register(registry);
            }
        }
    }

    @Override
    void refresh() {
        Map<String, Long> found;
        try {
            found = states.get().stream().collect(Collectors.groupingBy(s -> key(s.dataSet(), s.state()), Collectors.counting()));
        } catch (RuntimeException e) {
            log.warn("Could not count the sync states: {}", e.getMessage());
            return;
        }
        // Only data sets of the catalog have gauges: a removed data set's old rows do not count.
        counts.forEach((key, count) -> count.set(found.getOrDefault(key, 0L)));
    }

    private static String key(String dataSet, SyncState.Status state) {
        return dataSet + '\u0000' + state.name();
    }
}
