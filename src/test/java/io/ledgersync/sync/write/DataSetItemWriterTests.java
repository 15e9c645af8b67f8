package io.ledgersync.sync.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.source.Page;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.Walk;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.state.RejectedRecords;

/**
 * What the writer tells a walk's completion: whether the pass went straight into an empty scope, nothing missing; and
 * that it reads the warehouse only once a chunk has rows to write (issue 27).
 */
class DataSetItemWriterTests {

    private static final DataSetCatalog CATALOG = DataSetCatalog.load("classpath*:jobs/*.yml");
    private static final Instant START = Instant.parse("2026-11-22T02:00:00Z");
    private static final Page PAGE = new Page("/companies/c1/data/invoices?page=1",
            List.of(new SourceRecord("{\"id\": \"inv-1\", \"modifiedDate\": \"2026-11-21T10:00:00Z\"}")), 1, 1000, 1, null);
    private static final Page EMPTY_PAGE = new Page("/companies/c1/data/invoices?page=1", List.of(), 1, 1000, 0, null);

    private final Warehouse warehouse = mock(Warehouse.class);
    private final ExecutionContext step = PartitionContext.newPartition("invoices", "c1", new Walk(Walk.Kind.FULL, null, START));
    private final PartitionContext context = PartitionContext.of(step);
    private final DataSetItemWriter writer = new DataSetItemWriter(warehouse, mock(RejectedRecords.class), CATALOG.get("invoices"),
            "c1", 1, 10, event -> { }, context);

    @Test
    void aFullPassIntoAnEmptyScopeWentStraightInWhileEveryChunkDid() {
        when(warehouse.isEmpty(any(), eq("c1"))).thenReturn(true);
        when(warehouse.write(any(), any(), anyLong(), any())).thenReturn(new Warehouse.Written(List.of(), true));

        writer.open(step);
        writer.write(new Chunk<>(PAGE));

        assertThat(context.position().wentStraightIn(START)).isTrue();
    }

    @Test
    void aChunkThatMetAKeyInTheScopeMakesThePassCountWhatIsMissing() {
        when(warehouse.isEmpty(any(), eq("c1"))).thenReturn(true);
        when(warehouse.write(any(), any(), anyLong(), any())).thenReturn(new Warehouse.Written(List.of(), true),
                new Warehouse.Written(List.of(), false), new Warehouse.Written(List.of(), false));

        writer.open(step);
        writer.write(new Chunk<>(PAGE));
        writer.write(new Chunk<>(PAGE));

        assertThat(context.position().wentStraightIn(START)).isFalse();
    }

    @Test
    void aPartitionResumedOntoItsCommittedRowsIsNotStraightWhateverItsFirstAttemptSaved() {
        context.position().saveStraightPass(START); // the first attempt's, committed before a crash
        when(warehouse.isEmpty(any(), eq("c1"))).thenReturn(false);
        when(warehouse.write(any(), any(), anyLong(), any())).thenReturn(new Warehouse.Written(List.of(), false));

        writer.open(step);
        writer.write(new Chunk<>(PAGE));

        assertThat(context.position().wentStraightIn(START)).isFalse();
    }

    @Test
    void aPartitionResumedWithNothingMoreToWriteKeepsTheStraightPassItsCommittedChunksMade() {
        // every row of the scope was written by this pass's straight chunks; the partition is the scope's only writer
        context.position().saveStraightPass(START);

        writer.open(step);
        writer.write(new Chunk<>(EMPTY_PAGE));

        assertThat(context.position().wentStraightIn(START)).isTrue();
    }

    @Test
    void aPartitionWhosePagesBringNoRecordSendsTheWarehouseNoStatement() {
        RejectedRecords rejectedRecords = mock(RejectedRecords.class);
        DataSetItemWriter quiet = new DataSetItemWriter(warehouse, rejectedRecords, CATALOG.get("invoices"), "c1", 1, 10, event -> { },
                context);

        quiet.open(step);
        quiet.write(new Chunk<>(EMPTY_PAGE));
        quiet.update(step);
        quiet.close();

        verifyNoInteractions(warehouse, rejectedRecords);
    }

    @Test
    void theFirstChunkWithRowsReadsTheWarehouseOnceAndForgetsEarlierPassesIdsBeforeWriting() {
        when(warehouse.isEmpty(any(), eq("c1"))).thenReturn(false);
        when(warehouse.write(any(), any(), anyLong(), any())).thenReturn(new Warehouse.Written(List.of(), false));

        writer.open(step);
        writer.write(new Chunk<>(EMPTY_PAGE));
        writer.write(new Chunk<>(PAGE));
        writer.write(new Chunk<>(PAGE));

        verify(warehouse).isEmpty(any(), eq("c1"));
        verify(warehouse).forgetSeen(any(), eq("c1"), eq(START));
    }

    @Test
    void aWalkThatIsNotFullKeepsNoStraightPass() {
        ExecutionContext incremental = PartitionContext.newPartition("invoices", "c1", new Walk(Walk.Kind.INCREMENTAL, null, START));
        when(warehouse.isEmpty(any(), eq("c1"))).thenReturn(true);

        when(warehouse.write(any(), any(), anyLong(), any())).thenReturn(new Warehouse.Written(List.of(), true));
        DataSetItemWriter incrementalWriter = new DataSetItemWriter(warehouse, mock(RejectedRecords.class), CATALOG.get("invoices"),
                "c1", 1, 10, event -> { }, PartitionContext.of(incremental));
        incrementalWriter.open(incremental);
        incrementalWriter.write(new Chunk<>(PAGE));

        assertThat(PartitionContext.of(incremental).position().wentStraightIn(START)).isFalse();
    }
    @Test
    void anIncrementalWalksFirstRowsUpsertWithoutAskingWhetherTheScopeIsEmptyOrWhatWasSetAsideBefore() {
        // an incremental walk is planned only for a company with nothing of the data set in rejected_records (WalkPlanner)
        RejectedRecords rejectedRecords = mock(RejectedRecords.class);

        writeAPageOfAnIncrementalWalk(rejectedRecords, 0);

        verify(warehouse, never()).isEmpty(any(), any());
        verify(warehouse).write(any(), any(), anyLong(), eq(new Warehouse.Walked("c1", null, false)));
        verifyNoInteractions(rejectedRecords);
    }

    @Test
    void anIncrementalWalkThatSetARecordAsideReadsWhatWasSetAsideBeforeItsFirstRows() {
        RejectedRecords rejectedRecords = mock(RejectedRecords.class);

        writeAPageOfAnIncrementalWalk(rejectedRecords, 1); // an earlier attempt of this partition set one aside

        verify(rejectedRecords).ids("invoices", "c1");
    }

    private void writeAPageOfAnIncrementalWalk(RejectedRecords rejectedRecords, long setAsideBefore) {
        ExecutionContext incremental = PartitionContext.newPartition("invoices", "c1", new Walk(Walk.Kind.INCREMENTAL, null, START));
        PartitionContext.of(incremental).counts().saveRejected(setAsideBefore, setAsideBefore);
        when(warehouse.write(any(), any(), anyLong(), any())).thenReturn(new Warehouse.Written(List.of(), false));
        DataSetItemWriter incrementalWriter = new DataSetItemWriter(warehouse, rejectedRecords, CATALOG.get("invoices"),
                "c1", 1, 10, event -> { }, PartitionContext.of(incremental));
        incrementalWriter.open(incremental);
        incrementalWriter.write(new Chunk<>(PAGE));
    }
}
