package io.ledgersync.sync.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.warehouse.state.RejectedRecord;
import io.ledgersync.warehouse.state.RejectedRecords;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * How a partition walks, whole or from its watermark (CONTRACT.md §10 the query language, §11 change dates): the
 * incremental plan ({@link WalkPlanner}) and the query it sends.
 */
class WalkTests {

    private static final DataSetCatalog CATALOG = DataSetCatalog.load("classpath*:jobs/*.yml");
    private static final Instant NOW = Instant.parse("2026-11-22T02:00:00.123456Z");
    private static final Instant WATERMARK = Instant.parse("2026-11-21T02:10:30.5Z");
    private static final Duration LOOKBACK = Duration.ofHours(1);

    private final SyncStates states = mock(SyncStates.class);
    private final RejectedRecords rejectedRecords = mock(RejectedRecords.class);

    @Test
    void aCompanyDataSetWithACursorAndAWatermarkReadsFromTheWatermarkMinusTheLookbackInWholeSeconds() {
        when(states.watermarks("invoices")).thenReturn(Map.of("c1", WATERMARK));

        Walk walk = planner("invoices").companies(List.of("c1"), false, NOW).get("c1");

        assertThat(walk.kind()).isEqualTo(Walk.Kind.INCREMENTAL);
        assertThat(walk.query()).isEqualTo("modifiedDate>=2026-11-21T01:10:30Z");
        assertThat(walk.startedAt()).isEqualTo(Instant.parse("2026-11-22T02:00:00.123Z"));
    }

    @Test
    void noWatermarkYetOrRecordsSetAsideAsUnstorableIsAWalkOfEverything() {
        when(states.watermarks("invoices")).thenReturn(Map.of("c1", WATERMARK, "c2", WATERMARK, "c3", WATERMARK));
        when(rejectedRecords.all()).thenReturn(List.of(rejected("invoices", "c2"), rejected("bills", "c3")));

        Map<String, Walk> walks = planner("invoices").companies(List.of("c1", "c2", "c3", "c4"), false, NOW);

        assertThat(walks.keySet()).containsExactly("c1", "c2", "c3", "c4");
        assertThat(walks.get("c1").kind()).isEqualTo(Walk.Kind.INCREMENTAL);
        assertThat(walks.get("c2").kind()).as("its rejected records are read again").isEqualTo(Walk.Kind.FULL);
        assertThat(walks.get("c3").kind()).as("rejected records of another data set").isEqualTo(Walk.Kind.INCREMENTAL);
        assertThat(walks.get("c4").kind()).as("never walked").isEqualTo(Walk.Kind.FULL);
        assertThat(walks.get("c4").query()).isNull();
    }

    @Test
    void aFullRefreshADataSetWithoutACursorAndATopLevelDataSetAreWalkedWholeWithoutAskingForWatermarks() {
        DataSet invoices = CATALOG.get("invoices");
        DataSet withoutCursor = new DataSet(invoices.name(), invoices.path(), invoices.parent(), invoices.table(),
                invoices.fields(), null, "status=Paid", invoices.children(), invoices.file());

        assertThat(planner("invoices").companies(List.of("c1"), true, NOW).get("c1").kind()).isEqualTo(Walk.Kind.FULL);
        Walk uncursored = new WalkPlanner(withoutCursor, states, rejectedRecords, LOOKBACK).companies(List.of("c1"), false, NOW)
                .get("c1");
        assertThat(uncursored).isEqualTo(new Walk(Walk.Kind.FULL, "status=Paid", Instant.parse("2026-11-22T02:00:00.123Z")));
        assertThat(planner("companies").topLevel(NOW).kind()).isEqualTo(Walk.Kind.FULL);
        verifyNoInteractions(states, rejectedRecords);
    }

    @Test
    void theDataSetsFilterIsGroupedAndJoinedToTheCursorConditionSoThatAnOrCannotSwallowIt() {
        assertThat(Walk.query("status=Paid||status=Void", "modifiedDate", WATERMARK))
                .isEqualTo("{status=Paid||status=Void}&&{modifiedDate>=2026-11-21T02:10:30Z}");
        assertThat(Walk.query("status=Paid", "modifiedDate", null)).isEqualTo("status=Paid");
        assertThat(Walk.query(null, "modifiedDate", null)).isNull();
    }

    private WalkPlanner planner(String dataSet) {
        return new WalkPlanner(CATALOG.get(dataSet), states, rejectedRecords, LOOKBACK);
    }

    private static RejectedRecord rejected(String dataSet, String companyId) {
        return new RejectedRecord(dataSet, companyId, "r-1", "issueDate", "is not a date", "{}");
    }
}
