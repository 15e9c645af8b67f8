package io.ledgersync.sync.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.ledgersync.source.Page;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.Walk;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.state.RejectedRecords;

/** What the writer tells a walk's completion: whether the pass went straight into an empty scope, nothing missing. */
class DataSetItemWriterTests {

    private static final DataSetCatalog CATALOG = DataSetCatalog.load("classpath*:jobs/*.yml");
    private static final Instant START = Instant.parse("2026-11-22T02:00:00Z");
    private static final Page PAGE = new Page("/companies/c1/data/invoices?page=1", List.of(), 1, 1000, 0, null);

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

        writer.open(step);

        assertThat(context.position().wentStraightIn(START)).isFalse();
    }

    @Test
    void aWalkThatIsNotFullKeepsNoStraightPass() {
        ExecutionContext incremental = PartitionContext.newPartition("invoices", "c1", new Walk(Walk.Kind.INCREMENTAL, null, START));
        when(warehouse.isEmpty(any(), eq("c1"))).thenReturn(true);

        new DataSetItemWriter(warehouse, mock(RejectedRecords.class), CATALOG.get("invoices"), "c1", 1, 10, event -> { },
                PartitionContext.of(incremental)).open(incremental);

        assertThat(PartitionContext.of(incremental).position().wentStraightIn(START)).isFalse();
    }
}
