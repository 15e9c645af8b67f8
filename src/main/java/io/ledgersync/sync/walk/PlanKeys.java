package io.ledgersync.sync.walk;

import java.time.Instant;
import java.util.Optional;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The part of a partition's context that says how it walks ({@link Walk}), put there by the partitioner and part of
 * its restart state: a resumed walk reads on with the same query. Not thread-safe, like the context.
 */
public final class PlanKeys {

    private static final String KIND = "walk.kind";
    private static final String QUERY = "walk.query";
    private static final String STARTED = "walk.started";

    private final ExecutionContext context;

    PlanKeys(ExecutionContext context) {
        this.context = context;
    }

    static void put(ExecutionContext context, Walk walk) {
        context.putString(KIND, walk.kind().name());
        if (walk.query() != null) {
            context.putString(QUERY, walk.query());
        }
        context.putString(STARTED, walk.startedAt().toString());
    }

    /**
     * How this partition walks; empty for a partition planned before walks were (a run of an older version, resumed):
     * it is read as it was, and neither moves a watermark nor marks deletes.
     */
    public Optional<Walk> walk() {
        if (!context.containsKey(KIND)) {
            return Optional.empty();
        }
        return Optional.of(new Walk(Walk.Kind.valueOf(context.getString(KIND)), query(),
                Instant.parse(context.getString(STARTED))));
    }

    /** The query the walk reads with (an incremental one's cursor condition, the data set's filter), or null. */
    String query() {
        return context.getString(QUERY, null);
    }
}
