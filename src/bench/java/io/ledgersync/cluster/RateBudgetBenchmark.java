package io.ledgersync.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import org.flywaydb.core.Flyway;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import io.ledgersync.source.DataApiProperties;
import io.ledgersync.source.LocalRateBudget;
import io.ledgersync.source.RequestBudget;
import io.ledgersync.warehouse.TestPostgres;

/**
 * Issue 14: the ceiling of the cluster's one rate budget. Every request of every process reserves its token on one
 * row of {@code rate_budget} ({@link SharedRateBudget}: a {@code SELECT ... FOR UPDATE} and an update in one
 * transaction), so the reservations of a whole cluster take turns on that row. This measures how many reservations
 * per second the row grants to T threads reserving as fast as they can, each on a connection of its own as processes
 * would be, with the budget's rate set far above that (so it measures the row, not the rate), against the same threads
 * on this process's own limiter (Resilience4j, the budget without the cluster). A Data API's rate limit far below the
 * row's ceiling means the shared budget costs the cluster nothing but the round trip per request.
 *
 * <p>{@code bench/rate-budget.sh [--threads=1,4,16] [--seconds=5] [--rounds=3]}; PostgreSQL as the tests find it
 * (127.0.0.1:5432, else embedded). Prints a markdown table of medians.
 */
public final class RateBudgetBenchmark {

    private static final int UNPACED = 1_000_000_000; // one token a nanosecond: no reservation ever waits for the rate

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        int[] threads = Arrays.stream(options.getOrDefault("threads", "1,4,16").split(",")).mapToInt(Integer::parseInt).toArray();
        Duration each = Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds", "5")));
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "3"));
        String url = TestPostgres.createDatabase("bench_rate_budget");
        Flyway.configure().dataSource(url, "postgres", "").locations("classpath:db/migration/postgresql").load().migrate();
        System.out.printf("# rate budget ceiling: %s, %d s per measurement, %d rounds, %d cores, load average %s%n", url,
                each.toSeconds(), rounds, Runtime.getRuntime().availableProcessors(), loadAverage());

        Map<String, List<Double>> perSecond = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (int t : threads) {
                try (HikariDataSource pool = pool(url, t)) {
                    var rate = new DataApiProperties.RateLimit(UNPACED, Duration.ofMinutes(1));
                    SharedRateBudget shared = SharedRateBudget.create(pool, "bench_" + round + "_" + t, rate);
                    record("shared (PostgreSQL row)", t, measure(() -> shared, t, each), perSecond);
                }
                RequestBudget local = LocalRateBudget.of(new DataApiProperties.RateLimit(UNPACED, Duration.ofMinutes(1)));
                record("local (Resilience4j)", t, measure(() -> local, t, each), perSecond);
            }
            System.out.println("# round " + round + " done");
        }
        System.out.println("| budget | threads | reservations/s (median) | per round |");
        System.out.println("|---|---:|---:|---|");
        perSecond.forEach((key, values) -> {
            List<Double> sorted = values.stream().sorted().toList();
            System.out.printf("%s | %,.0f | %s |%n", key, sorted.get(sorted.size() / 2),
                    String.join(", ", values.stream().map(v -> String.format("%,.0f", v)).toList()));
        });
        TestPostgres.createDatabase("bench_rate_budget"); // emptied again: nothing of it left behind
    }

    /** Reservations per second granted to {@code threads} threads reserving without pause for {@code duration}. */
    private static double measure(Supplier<RequestBudget> budget, int threads, Duration duration) throws InterruptedException {
        LongAdder granted = new LongAdder();
        CountDownLatch start = new CountDownLatch(1);
        long[] window = new long[2];
        List<Thread> running = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread thread = new Thread(() -> {
                RequestBudget mine = budget.get();
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                while (System.nanoTime() < window[1]) {
                    if (mine.reserve() >= 0) {
                        granted.increment();
                    }
                }
            });
            thread.start();
            running.add(thread);
        }
        window[0] = System.nanoTime();
        window[1] = window[0] + duration.toNanos();
        start.countDown();
        for (Thread thread : running) {
            thread.join();
        }
        return granted.sum() * 1e9 / (System.nanoTime() - window[0]);
    }

    private static void record(String budget, int threads, double value, Map<String, List<Double>> results) {
        System.out.printf("%s, %d thread(s): %,.0f reservations/s%n", budget, threads, value);
        results.computeIfAbsent("| " + budget + " | " + threads, key -> new ArrayList<>()).add(value);
    }

    private static HikariDataSource pool(String url, int threads) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername("postgres");
        config.setPassword("");
        config.setMaximumPoolSize(threads);
        config.setMinimumIdle(threads);
        return new HikariDataSource(config);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("Unknown argument '" + arg + "': use --threads=1,4,16 --seconds=5 --rounds=3");
            }
            options.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        return options;
    }
}
