package io.ledgersync.sync.write;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamWriter;
import org.springframework.context.ApplicationEventPublisher;

import io.ledgersync.source.Page;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.PageWriteException;
import io.ledgersync.sync.SourceDataException;
import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.state.RejectedRecord;
import io.ledgersync.warehouse.state.RejectedRecords;
import io.ledgersync.warehouse.table.Row;

/**
 * Upserts the records of a chunk's pages into the data set's warehouse table, in the chunk's transaction, stamped
 * with the run that wrote them; a record read unchanged is not written, and a full walk keeps its id for the deletes
 * instead ({@link Warehouse#write}). A record that cannot be stored ({@link RecordTriage}) is set aside in
 * {@code rejected_records} in the same transaction while the rest of its page is written, and tried again on the
 * next run; once stored, its rejection is cleared. More rejections in a partition than
 * {@code ledgersync.sync.max-rejected-per-partition} fail it instead, with nothing of that page written (issue 17).
 *
 * <p>It keeps the newest cursor value ({@code modifiedDate}) written in the partition's context, committed with the
 * chunk: what the watermark may move to once the walk completes (issue 13).
 *
 * <p>Not thread-safe: one instance per partition (built for it with its chunk step).
 */
public class DataSetItemWriter implements ItemStreamWriter<Page> {

    private static final Logger log = LoggerFactory.getLogger(DataSetItemWriter.class);

    private final Warehouse warehouse;
    private final RejectedRecords rejectedRecords;
    private final DataSet dataSet;
    private final RecordTriage triage;
    private final String companyId;
    private final long runId;
    private final int maxRejected;
    private final ApplicationEventPublisher events;
    /** Ids of this company data set's records set aside by earlier runs, cleared as they are stored. */
    private Set<String> rejectedBefore = Set.of();
    private long rejected;
    private long rejectedAtOpen;
    /** The partition's context, where the newest cursor value goes. */
    private final PartitionContext context;
    /** Reads the cursor value of a row; null for a data set without a cursor. */
    private final CursorValues cursor;
    /**
     * Whether the company's rows of the table are tried straight in ({@link Warehouse#write}): the table, its child
     * tables and their history had none at its first chunk with rows ({@link Warehouse#isEmpty}, {@link #prepare}), and no chunk since met
     * a key there. A resumed partition finds the rows it committed, and
     * upserts.
     */
    private boolean intoEmpty;
    /** Whether {@link #prepare} has read the warehouse for this opening of the partition. */
    private boolean prepared;

    public DataSetItemWriter(Warehouse warehouse, RejectedRecords rejectedRecords, DataSet dataSet, String companyId, long runId,
            int maxRejected, ApplicationEventPublisher events, PartitionContext context) {
        this.context = context;
        RecordMapper mapper = new RecordMapper(dataSet);
        this.cursor = dataSet.cursorField() == null ? null : new CursorValues(dataSet, mapper);
        this.warehouse = warehouse;
        this.rejectedRecords = rejectedRecords;
        this.dataSet = dataSet;
        this.triage = new RecordTriage(dataSet, mapper, warehouse);
        this.companyId = companyId;
        this.runId = runId;
        this.maxRejected = maxRejected;
        this.events = events;
    }

    @Override
    public void open(ExecutionContext executionContext) {
        PartitionContext context = PartitionContext.of(executionContext);
        rejected = rejectedAtOpen = context.counts().rejected();
        context.position().firstRun(runId);
        prepared = false;
    }

    /**
     * What the writer reads of the warehouse before its first rows, done at the first chunk that has rows rather than at
     * open: most partitions of a nightly run over many companies read one page with nothing new on it, and these 3 to 8
     * statements were a share of each one's bookkeeping (issue 27). Later is as good as earlier: the partition is its
     * scope's only writer, so the scope is as empty at its first rows as it was at open.
     */
    private void prepare() {
        if (prepared) {
            return;
        }
        boolean incremental = context.plan().walk().map(walk -> !walk.full()).orElse(false);
        // An incremental walk is planned only for a company with none of the data set's records set aside
        // (WalkPlanner): while this partition has set none aside either, there is nothing to read back (issue 27).
        rejectedBefore = incremental && rejected == 0 ? new HashSet<>() : new HashSet<>(rejectedRecords.ids(dataSet.name(), companyId));
        // An incremental walk follows a walk that wrote rows (its watermark): it upserts, as a scope with rows must, and
        // does not ask whether the scope is empty; the straight path is for a walk's first rows into an empty scope.
        intoEmpty = !incremental && warehouse.isEmpty(dataSet.table(), companyId);
        // a full walk's pass into an empty scope: its end needs no count of what is missing while every chunk goes straight in
        context.position().saveStraightPass(intoEmpty ? walked().fullPassFrom() : null);
        // the ids kept by earlier passes; a walk that writes nothing leaves them to the next one that does (at most one
        // pass's, and markMissing reads only its own pass's)
        warehouse.forgetSeen(dataSet.table(), companyId, walked().fullPassFrom());
        prepared = true;
    }

    @Override
    public void write(Chunk<? extends Page> pages) {
        List<Row> rows = new ArrayList<>();
        List<SourceRecord> stored = new ArrayList<>();
        List<RejectedRecord> rejections = new ArrayList<>();
        for (Page page : pages) {
            for (SourceRecord record : page.results()) {
                RecordTriage.Result result = triage.triage(record, companyId);
                if (result.row() != null) {
                    rows.add(result.row());
                    stored.add(record);
                } else {
                    rejections.add(result.rejected());
                }
            }
        }
        if (!rejections.isEmpty()) {
            reject(pages, rejections);
        }
        if (rows.isEmpty()) {
            events.publishEvent(new SyncEvent.RecordsWritten(runId, dataSet.name(), 0));
            return;
        }
        try {
            prepare();
            intoEmpty = warehouse.write(dataSet.table(), rows, runId, walked()).straight();
            if (!intoEmpty) {
                context.position().saveStraightPass(null); // a key met in the scope: markMissing counts, as for any walk
            }
            clearStored(stored);
            keepNewestCursor(rows, stored);
        } catch (RuntimeException e) {
            // the database's words alone do not say which page of which company; the cause keeps the exit code
            throw new PageWriteException("Writing GET " + pages.getItems().get(0).href() + " (" + rows.size() + " records"
                    + idRange(stored) + ") into " + dataSet.table().name() + " for " + describe() + " failed", e);
        }
        events.publishEvent(new SyncEvent.RecordsWritten(runId, dataSet.name(), rows.size()));
    }

    /** What the walk knows: a full walk keeps what it read unchanged under its current pass, for its deletes. */
    private Warehouse.Walked walked() {
        boolean full = context.plan().walk().map(walk -> walk.full()).orElse(false);
        return new Warehouse.Walked(companyId, full ? context.recovery().wholeFrom().orElseThrow() : null, intoEmpty);
    }

    private void reject(Chunk<? extends Page> pages, List<RejectedRecord> rejections) {
        String page = pages.getItems().get(0).href();
        if (rejected + rejections.size() > maxRejected) {
            RejectedRecord first = rejections.get(0);
            throw new SourceDataException(describe() + ": GET " + page + " brings the records this partition cannot store to "
                    + (rejected + rejections.size()) + ", more than ledgersync.sync.max-rejected-per-partition (" + maxRejected
                    + "): the source sends unusable data wholesale; nothing of this page is written. First on the page: "
                    + (first.recordId() == null ? "a record without an id" : "record " + first.recordId()) + ", field '"
                    + first.field() + "' " + first.reason());
        }
        rejectedRecords.save(rejections, runId);
        rejected += rejections.size();
        for (RejectedRecord record : rejections) {
            log.warn("{}: record {} set aside in rejected_records (GET {}): field '{}' {}", describe(), record.recordId(), page,
                    record.field(), record.reason());
        }
        events.publishEvent(new SyncEvent.RecordsRejected(runId, dataSet.name(), rejections.size()));
    }

    /** A record stored now that an earlier run set aside: its rejection goes, in the same transaction. */
    private void clearStored(List<SourceRecord> stored) {
        if (rejectedBefore.isEmpty()) {
            return;
        }
        List<String> cleared = new ArrayList<>();
        for (SourceRecord record : stored) {
            String id = record.id(); // as the rejection was saved by (RecordTriage)
            if (id != null && rejectedBefore.contains(id)) {
                cleared.add(id);
            }
        }
        rejectedRecords.cleared(dataSet.name(), companyId, cleared);
        // forgotten only once the chunk commits would be exact; a rollback leaves the row, which the next run clears
        cleared.forEach(rejectedBefore::remove);
    }

    private static String idRange(List<SourceRecord> stored) {
        String first = stored.isEmpty() ? null : stored.get(0).id();
        String last = stored.isEmpty() ? null : stored.get(stored.size() - 1).id();
        return first == null ? "" : ", ids " + first + " to " + last;
    }

    private String describe() {
        return PartitionContext.describe(dataSet.name(), companyId);
    }

    /** Called when the chunk commits: the partition's rejections so far go with its position. */
    @Override
    public void update(ExecutionContext executionContext) {
        PartitionContext.of(executionContext).counts().saveRejected(rejected, rejected - rejectedAtOpen);
    }

    /** The newest cursor value written so far in this walk, kept in the partition's context. */
    private void keepNewestCursor(List<Row> rows, List<SourceRecord> records) {
        if (cursor == null) {
            return;
        }
        Instant newest = context.position().newestCursor().orElse(null);
        for (int i = 0; i < rows.size(); i++) {
            Instant value = cursor.of(rows.get(i), records.get(i));
            if (value != null && (newest == null || value.isAfter(newest))) {
                newest = value;
            }
        }
        if (newest != null) {
            context.position().saveNewestCursor(newest);
        }
    }
}
