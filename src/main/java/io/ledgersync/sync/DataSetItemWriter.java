package io.ledgersync.sync;

import java.util.ArrayList;
import java.util.List;

import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.context.ApplicationEventPublisher;

import io.ledgersync.source.Page;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.warehouse.Row;
import io.ledgersync.warehouse.Warehouse;

/**
 * Upserts the records of a chunk's pages into the data set's warehouse table, in the chunk's
 * transaction, stamped with the run that wrote them. Thread-safe.
 */
class DataSetItemWriter implements ItemWriter<Page> {

    private final Warehouse warehouse;
    private final DataSet dataSet;
    private final RecordMapper mapper;
    private final String companyId;
    private final long runId;
    private final ApplicationEventPublisher events;

    DataSetItemWriter(Warehouse warehouse, DataSet dataSet, String companyId, long runId, ApplicationEventPublisher events) {
        this.events = events;
        this.warehouse = warehouse;
        this.dataSet = dataSet;
        this.mapper = new RecordMapper(dataSet);
        this.companyId = companyId;
        this.runId = runId;
    }

    @Override
    public void write(Chunk<? extends Page> pages) {
        List<Row> rows = new ArrayList<>();
        for (Page page : pages) {
            for (SourceRecord record : page.results()) {
                rows.add(mapper.toRow(record, companyId));
            }
        }
        warehouse.upsert(dataSet.table(), rows, runId);
        events.publishEvent(new SyncEvent.RecordsWritten(runId, dataSet.name(), rows.size()));
    }
}
