package io.ledgersync.sync;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.springframework.batch.core.repository.dao.DefaultExecutionContextSerializer;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.sync.walk.PagePosition;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.Walk;
import io.ledgersync.warehouse.JobRepositoryRows;

/**
 * The execution contexts of a finished sync run as the job repository stores them: written by
 * {@link PartitionContext} (data set, company, walk, restart position, both counts, totalResults) plus the
 * keys Batch adds itself, serialized by Batch's default serializer (Java serialization in base64),
 * so that the benchmark's rows weigh what real ones do.
 */
public final class PartitionContexts implements JobRepositoryRows.Contexts {

    private static final DefaultExecutionContextSerializer SERIALIZER = new DefaultExecutionContextSerializer();
    private static final String BATCH_VERSION = "batch.version";
    private static final java.time.Instant WALK_START = java.time.Instant.parse("2026-11-22T02:00:00Z");

    private final Map<String, String> companyIds = new HashMap<>();

    @Override
    public String job() {
        ExecutionContext context = new ExecutionContext();
        context.putString(BATCH_VERSION, "6.0.4");
        return serialize(context);
    }

    @Override
    public String step(String dataSet) {
        ExecutionContext context = new ExecutionContext();
        context.putString(BATCH_VERSION, "6.0.4");
        context.putLong("SimpleStepExecutionSplitter.GRID_SIZE", 4);
        return serialize(context);
    }

    @Override
    public String partition(String dataSet, String companyKey, long records) {
        String companyId = companyIds.computeIfAbsent(companyKey, key -> UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8)).toString());
        ExecutionContext context = PartitionContext.newPartition(dataSet, companyId, new Walk(Walk.Kind.FULL, null, WALK_START));
        PartitionContext partition = PartitionContext.of(context);
        long pages = Math.max(1, (records + 999) / 1000);
        partition.position().save(new PagePosition(
                "/companies/" + companyId + "/data/" + dataSet + "?page=" + pages + "&pageSize=1000", (int) (records - (pages - 1) * 1000)));
        partition.counts().save(records, pages, records, pages);
        partition.position().saveTotalResults(records);
        context.putString(BATCH_VERSION, "6.0.4");
        context.putString("batch.stepType", "org.springframework.batch.core.step.item.ChunkOrientedStep");
        return serialize(context);
    }

    private static String serialize(ExecutionContext context) {
        Map<String, Object> entries = new HashMap<>();
        context.entrySet().forEach(entry -> entries.put(entry.getKey(), entry.getValue()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            SERIALIZER.serialize(entries, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
