package io.ledgersync.sync.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.SyncEvent;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.Walk;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.state.SyncStates;

/** What a completed walk records: the watermark it justifies, the deletes a complete full walk marks. */
class WalkCompletionTests {

    private static final Instant START = Instant.parse("2026-11-22T02:00:00Z");
    private static final Instant NOW = START.plus(Duration.ofMinutes(5));

    private final SyncStates states = mock(SyncStates.class);
    private final Warehouse warehouse = mock(Warehouse.class);
    private final DataSetCatalog catalog = DataSetCatalog.load("classpath*:jobs/*.yml");
    private final List<Object> events = new ArrayList<>();
    private final WalkCompletion completion = new WalkCompletion(states, warehouse, catalog, 0.5, events::add);

    @Test
    void theWatermarkIsTheNewestModifiedDateWrittenButNeverLaterThanTheWalksStart() {
        PartitionContext older = context(Walk.Kind.INCREMENTAL);
        older.position().saveNewestCursor(START.minus(Duration.ofHours(3)));
        completion.completed(1, older, NOW);
        verify(states).walkCompleted("c1", "invoices", false, START.minus(Duration.ofHours(3)), NOW);

        PartitionContext newer = context(Walk.Kind.INCREMENTAL);
        newer.position().saveNewestCursor(START.plus(Duration.ofMinutes(2))); // changed while the walk went on: read again next time
        completion.completed(2, newer, NOW);
        verify(states).walkCompleted("c1", "invoices", false, START, NOW);
    }

    @Test
    void aFullWalkRecoveredByReadingAgainWholeMarksWhatTheLastWholePassDidNotWrite() {
        when(warehouse.markMissing(any(), any(), any(), any(), any(Double.class))).thenReturn(new Warehouse.Deletions(2, 250, 2));
        PartitionContext context = context(Walk.Kind.FULL);
        Instant rewalk = START.plus(Duration.ofMinutes(3));
        context.recovery().saveWholeFrom(rewalk);

        completion.completed(1, context, NOW);

        verify(warehouse).markMissing(catalog.get("invoices").table(), "c1", rewalk, NOW, 0.5);
        assertThat(events).containsExactly(new SyncEvent.DeletesMarked(1, "invoices", "c1", 2, false));
    }

    @Test
    void refusedDeletesAreReportedAndNothingIsMarked() {
        when(warehouse.markMissing(any(), any(), any(), any(), any(Double.class))).thenReturn(new Warehouse.Deletions(200, 250, -1));
        PartitionContext context = context(Walk.Kind.FULL);
        context.counts().save(50, 1, 50, 1);
        context.position().saveTotalResults(50);

        completion.completed(4, context, NOW);

        assertThat(events).containsExactly(new SyncEvent.DeletesMarked(4, "invoices", "c1", 0, true));
        verify(states).reconcile(eq(4L), eq("c1"), eq("invoices"), eq(50L), eq(50L), eq(NOW), eq("full"), eq(null),
                org.mockito.ArgumentMatchers.contains("deletes refused: 200 of 250 live rows"));
    }

    private static PartitionContext context(Walk.Kind kind) {
        return PartitionContext.of(PartitionContext.newPartition("invoices", "c1", new Walk(kind, null, START)));
    }
}
