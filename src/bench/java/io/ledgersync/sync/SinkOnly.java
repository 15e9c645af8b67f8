package io.ledgersync.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.context.ApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.ledgersync.source.Page;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.write.DataSetItemWriter;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.state.RejectedRecords;

/**
 * The benchmark's sink-only path: records already in memory written with the production writer ({@link DataSetItemWriter},
 * so {@link RecordMapper} and the warehouse's upsert), one transaction per chunk, companies in parallel as the sync's
 * partitions are. What it leaves out is the source and Spring Batch's own bookkeeping per chunk. Not a test.
 */
public final class SinkOnly {

    private final ApplicationContext context;
    private final DataSetCatalog catalog;
    private final Warehouse warehouse;
    private final TransactionTemplate transactions;

    public SinkOnly(ApplicationContext context) {
        this.context = context;
        this.catalog = context.getBean(DataSetCatalog.class);
        this.warehouse = context.getBean(Warehouse.class);
        this.transactions = new TransactionTemplate(context.getBean(PlatformTransactionManager.class));
    }

    /** Writes the top-level data set's records, then each company's records of {@code dataSet}, {@code concurrency} companies at a time. */
    public void write(String topLevel, List<SourceRecord> topRecords, String dataSet, Map<String, List<SourceRecord>> byCompany,
            int chunkSize, int concurrency) throws Exception {
        writeChunks(topLevel, null, topRecords, chunkSize);
        ExecutorService partitions = Executors.newFixedThreadPool(concurrency);
        try {
            List<Future<?>> done = new ArrayList<>();
            byCompany.forEach((companyId, records) -> done.add(partitions.submit(() -> {
                writeChunks(dataSet, companyId, records, chunkSize);
                return null;
            })));
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            partitions.shutdownNow();
        }
    }

    private void writeChunks(String dataSet, String companyId, List<SourceRecord> records, int chunkSize) {
        DataSetItemWriter writer = new DataSetItemWriter(warehouse, context.getBean(RejectedRecords.class), catalog.get(dataSet), companyId,
                1L, Integer.MAX_VALUE, context,
                PartitionContext.of(new org.springframework.batch.infrastructure.item.ExecutionContext()));
        for (int from = 0; from < records.size(); from += chunkSize) {
            // one page of chunkSize records, as the sync writes it
            List<SourceRecord> results = records.subList(from, Math.min(records.size(), from + chunkSize));
            Chunk<Page> chunk = new Chunk<>(List.of(new Page("/bench", results, 1, chunkSize, records.size(), null)));
            transactions.executeWithoutResult(status -> {
                try {
                    writer.write(chunk);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
    }
}
