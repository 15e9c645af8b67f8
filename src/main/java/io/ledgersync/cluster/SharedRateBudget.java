package io.ledgersync.cluster;

import java.time.Duration;

import javax.sql.DataSource;

import io.github.bucket4j.BandwidthBuilder;
import io.github.bucket4j.BlockingStrategy;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.ledgersync.source.DataApiProperties;
import io.ledgersync.source.RequestBudget;

/**
 * The rate budget of a whole deployment (manager and workers): one Bucket4j bucket in the PostgreSQL table
 * {@code rate_budget} (migration V10), row {@code <ledgersync.cluster.name>@<R>/s}, each reservation a
 * {@code SELECT ... FOR UPDATE} and an update in one transaction. The select-for-update proxy manager takes the
 * string key; the advisory-lock one would need a number (bucket4j #400).
 *
 * <p>Capacity 1, one token every 1/R seconds, like the local limiter: requests leave evenly spaced across all
 * processes, so a Data API that limits R per second with a token bucket of its own never finds it empty. A
 * reservation may run the bucket into debt: a caller that reserved is told how long to wait (through the client's
 * sleeper) instead of spinning on the database. Thread-safe.
 */
final class SharedRateBudget implements RequestBudget {

    static final String TABLE = "rate_budget";

    /** The wait a reservation computed, handed from the blocking strategy to {@link #reserve()} on the same thread. */
    private static final ThreadLocal<long[]> RESERVED = ThreadLocal.withInitial(() -> new long[1]);

    private final BucketProxy bucket;
    private final long maxWaitNanos;
    private final String description;

    private SharedRateBudget(BucketProxy bucket, long maxWaitNanos, String description) {
        this.bucket = bucket;
        this.maxWaitNanos = maxWaitNanos;
        this.description = description;
    }

    static SharedRateBudget create(DataSource dataSource, String key, DataApiProperties.RateLimit rateLimit) {
        int perSecond = rateLimit.requestsPerSecond();
        var proxies = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table(TABLE).idColumn("id").stateColumn("state")
                .build();
        BucketConfiguration configuration = BucketConfiguration.builder()
                .addLimit(BandwidthBuilder.builder().capacity(1).refillGreedy(1, Duration.ofNanos(1_000_000_000L / perSecond))
                        .initialTokens(1).build())
                .build();
        // The rate is part of the row's id: processes started with another rate (a redeployment that changed it)
        // get a bucket of their own instead of one whose stored configuration is the old rate's.
        String id = key + "@" + perSecond + "/s";
        BucketProxy bucket = proxies.builder().build(id, () -> configuration);
        return new SharedRateBudget(bucket, rateLimit.maxWait().toNanos(),
                "the rate budget '" + id + "' shared by the cluster (" + perSecond + " requests per second)");
    }

    @Override
    public long reserve() {
        long[] reserved = RESERVED.get();
        reserved[0] = 0;
        BlockingStrategy note = nanos -> reserved[0] = nanos; // the caller sleeps, through the client's sleeper
        try {
            return bucket.asBlocking().tryConsume(1, maxWaitNanos, note) ? reserved[0] : -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Override
    public String describe() {
        return description;
    }
}
