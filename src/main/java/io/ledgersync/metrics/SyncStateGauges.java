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
 * failed), and the longest run of failures in a row over each data set's companies, counted at startup and after
 * every run: the deferral backlog and a company that keeps failing, without a series per company.
 * Thread-safe.
 */
final class SyncStateGauges extends WarehouseGauges {

    private static final Logger log = LoggerFactory.getLogger(SyncStateGauges.class);

    private final Supplier<List<SyncState>> states;
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> longestStreaks = new ConcurrentHashMap<>();

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
            // one series per data set, 0 from the start: the alert on a company failing run after run reads its max
            AtomicLong longest = new AtomicLong();
            longestStreaks.put(dataSet, longest);
            Gauge.builder("ledgersync.company.datasets.consecutive.failures.max", longest, AtomicLong::get)
                    .description("The most runs in a row that failed one company's data set, over the data set's companies")
                    .tag("dataset", dataSet)
                    .strongReference(true)
                    .register(registry);
        }
    }

    @Override
    void refresh() {
        List<SyncState> all;
        try {
            all = states.get();
        } catch (RuntimeException e) {
            log.warn("Could not count the sync states: {}", e.getMessage());
            return;
        }
        Map<String, Long> found = all.stream()
                .collect(Collectors.groupingBy(s -> key(s.dataSet(), s.state()), Collectors.counting()));
        Map<String, Integer> longest = all.stream()
                .collect(Collectors.toMap(SyncState::dataSet, SyncState::consecutiveFailures, Math::max));
        // Only data sets of the catalog have gauges: a removed data set's old rows do not count.
        counts.forEach((key, count) -> count.set(found.getOrDefault(key, 0L)));
        longestStreaks.forEach((dataSet, streak) -> streak.set(longest.getOrDefault(dataSet, 0)));
    }

    private static String key(String dataSet, SyncState.Status state) {
        return dataSet + '\u0000' + state.name();
    }
}
