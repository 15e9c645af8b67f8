package io.ledgersync.sync.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.source.Page;
import io.ledgersync.source.SourceRecord;

/** The signs of page drift within one pass of a walk. */
class DriftWatchTests {

    private final DriftWatch watch = new DriftWatch();

    @Test
    void totalResultsGrowingBetweenPagesIsDriftThatPushedRecordsBack() {
        assertThat(watch.check(page(1, 250, "a", "b"))).isFalse();
        assertThat(watch.check(page(2, 257, "c", "d"))).isTrue();

        assertThat(watch.seen()).isEqualTo("totalResults went from 250 to 257 at page 2");
        assertThat(watch.mayHaveSkipped()).isFalse();
    }

    @Test
    void totalResultsShrinkingMayHaveSkippedRecords() {
        watch.check(page(1, 250, "a", "b"));
        watch.check(page(2, 245, "c", "d"));

        assertThat(watch.mayHaveSkipped()).isTrue();
    }

    @Test
    void anIdReadTwiceIsDriftEvenWhenTheTotalStaysTheSame() {
        watch.check(page(1, 4, "a", "b"));
        assertThat(watch.check(page(2, 4, "b", "c"))).isTrue();

        assertThat(watch.seen()).isEqualTo("id b read twice (page 2)");
        assertThat(watch.check(page(3, 4, "d"))).as("reported once").isFalse();
    }

    @Test
    void anIdReadAgainManyPagesLaterIsDriftToo() {
        watch.check(page(1, 20_002, "moved", "x"));
        for (int number = 2; number <= 10_000; number++) {
            assertThat(watch.check(page(number, 20_002, "r" + number + "a", "r" + number + "b"))).isFalse();
        }

        assertThat(watch.check(page(10_001, 20_002, "moved"))).isTrue();
        assertThat(watch.seen()).isEqualTo("id moved read twice (page 10001)");
    }

    @Test
    void driftSeenBeforeARestartIsReadAgainWholeSinceHowItMovedIsNotKnown() {
        watch.seenBefore("totalResults went from 250 to 257 at page 2");

        assertThat(watch.seen()).contains("250 to 257");
        assertThat(watch.mayHaveSkipped()).isTrue();
    }

    private static Page page(int number, long total, String... ids) {
        List<SourceRecord> records = java.util.Arrays.stream(ids).map(id -> new SourceRecord("{\"id\":\"" + id + "\"}")).toList();
        return new Page("/p?page=" + number, records, number, 2, total, null);
    }
}
