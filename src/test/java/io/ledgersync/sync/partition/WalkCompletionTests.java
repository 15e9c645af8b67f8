package io.ledgersync.sync.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
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
        completion.completed(1, older, false, NOW);
        verify(states).walkCompleted("c1", "invoices", false, START.minus(Duration.ofHours(3)), NOW);

        PartitionContext newer = context(Walk.Kind.INCREMENTAL);
        newer.position().saveNewestCursor(START.plus(Duration.ofMinutes(2))); // changed while the walk went on: read again next time
        completion.completed(2, newer, false, NOW);
        verify(states).walkCompleted("c1", "invoices", false, START, NOW);
    }

    @Test
    void aFullWalkRecoveredByReadingAgainWholeMarksWhatTheLastWholePassDidNotWrite() {
        when(warehouse.markMissing(any(), any(), any(), any(), any(Double.class))).thenReturn(new Warehouse.Deletions(2, 250, 2));
        PartitionContext context = context(Walk.Kind.FULL);
        Instant rewalk = START.plus(Duration.ofMinutes(3));
        context.recovery().saveWholeFrom(rewalk);

        completion.completed(1, context, false, NOW);

        verify(warehouse).markMissing(catalog.get("invoices").table(), "c1", rewalk, NOW, 0.5);
        assertThat(events).containsExactly(new SyncEvent.DeletesMarked(1, "invoices", "c1", 2, false));
    }

    @Test
    void aFullPassThatWentStraightIntoAnEmptyScopeMarksNothingWithoutCountingWhatIsMissing() {
        PartitionContext context = context(Walk.Kind.FULL);
        context.position().saveStraightPass(START); // the writer: the scope was empty, every chunk went straight in
        context.position().saveTotalResults(250);

        completion.completed(7, context, false, NOW);

        verify(warehouse, never()).markMissing(any(), any(), any(), any(), any(Double.class));
        assertThat(events).containsExactly(new SyncEvent.DeletesMarked(7, "invoices", "c1", 0, false));
        verify(states).reconcile(eq(7L), eq("c1"), eq("invoices"), eq(0L), eq(250L), eq(NOW), eq("full"), eq(0L), eq(null));
    }

    @Test
    void aRecoveryPassAfterAStraightStartCountsWhatIsMissingAsAnyFullWalkDoes() {
        when(warehouse.markMissing(any(), any(), any(), any(), any(Double.class))).thenReturn(new Warehouse.Deletions(1, 250, 1));
        PartitionContext context = context(Walk.Kind.FULL);
        context.position().saveStraightPass(START);
        Instant rewalk = START.plus(Duration.ofMinutes(3)); // page drift: the records the first pass wrote may be gone
        context.recovery().saveWholeFrom(rewalk);

        completion.completed(8, context, false, NOW);

        verify(warehouse).markMissing(catalog.get("invoices").table(), "c1", rewalk, NOW, 0.5);
        assertThat(events).containsExactly(new SyncEvent.DeletesMarked(8, "invoices", "c1", 1, false));
    }

    @Test
    void refusedDeletesAreReportedWithTheCommandThatAppliesThemAndNothingIsMarked() {
        when(warehouse.markMissing(any(), any(), any(), any(), any(Double.class))).thenReturn(new Warehouse.Deletions(200, 250, -1));
        PartitionContext context = context(Walk.Kind.FULL);
        context.counts().save(50, 1, 50, 1);
        context.position().saveTotalResults(50);

        completion.completed(4, context, false, NOW);

        String refused = "deletes refused: 200 of 250 live rows are gone from the source, more than"
                + " ledgersync.sync.deletes.max-fraction (0.5); nothing marked: if the source really lost them, run"
                + " 'sync --full --datasets=invoices --companies=c1 --accept-deletes'";
        assertThat(events).containsExactly(new SyncEvent.DeletesMarked(4, "invoices", "c1", 0, true));
        verify(states).reconcile(4L, "c1", "invoices", 50L, 50L, NOW, "full", null, refused);
        assertThat(context.outcome().deletesRefused()).as("for the run's summary").contains(refused);
    }

    @Test
    void theCommandForATopLevelDataSetNamesNoCompany() {
        when(warehouse.markMissing(any(), any(), any(), any(), any(Double.class))).thenReturn(new Warehouse.Deletions(3, 5, -1));
        PartitionContext context = PartitionContext.of(PartitionContext.newPartition("companies", null,
                new Walk(Walk.Kind.FULL, null, START)));

        completion.completed(4, context, false, NOW);

        assertThat(context.outcome().deletesRefused()).hasValueSatisfying(refused ->
                assertThat(refused).endsWith("run 'sync --full --datasets=companies --accept-deletes'"));
    }

    @Test
    void aRunThatAcceptsDeletesMarksThemBeyondTheBoundAndSaysSo() {
        when(warehouse.markMissing(any(), any(), any(), any(), any(Double.class))).thenReturn(new Warehouse.Deletions(200, 250, 200));
        PartitionContext context = context(Walk.Kind.FULL);
        context.position().saveTotalResults(50);

        completion.completed(5, context, true, NOW);

        verify(warehouse).markMissing(catalog.get("invoices").table(), "c1", START, NOW, 1.0);
        assertThat(events).containsExactly(new SyncEvent.DeletesMarked(5, "invoices", "c1", 200, false));
        verify(states).reconcile(eq(5L), eq("c1"), eq("invoices"), eq(0L), eq(50L), eq(NOW), eq("full"), eq(200L),
                eq("deletes accepted: 200 of 250 live rows marked deleted, more than ledgersync.sync.deletes.max-fraction"
                        + " (0.5): the run accepts deletes (--accept-deletes)"));
        assertThat(context.outcome().deletesRefused()).isEmpty();
    }

    @Test
    void aRunThatAcceptsDeletesWithinTheBoundMarksThemAsAnyFullRefreshDoes() {
        when(warehouse.markMissing(any(), any(), any(), any(), any(Double.class))).thenReturn(new Warehouse.Deletions(2, 250, 2));
        PartitionContext context = context(Walk.Kind.FULL);
        context.position().saveTotalResults(250);

        completion.completed(6, context, true, NOW);

        verify(states).reconcile(eq(6L), eq("c1"), eq("invoices"), eq(0L), eq(250L), eq(NOW), eq("full"), eq(2L), eq(null));
    }

    private static PartitionContext context(Walk.Kind kind) {
        return PartitionContext.of(PartitionContext.newPartition("invoices", "c1", new Walk(kind, null, START)));
    }
}
