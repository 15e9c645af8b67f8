package io.ledgersync.sync.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import io.ledgersync.sync.dataset.DataSetCatalog;

/** How a partition walks: whole, or from its watermark (CONTRACT.md §10 the query language, §11 change dates). */
class WalkTests {

    private static final DataSetCatalog CATALOG = DataSetCatalog.load("classpath*:jobs/*.yml");
    private static final Instant NOW = Instant.parse("2026-11-22T02:00:00.123456Z");
    private static final Instant WATERMARK = Instant.parse("2026-11-21T02:10:30.5Z");

    @Test
    void aCompanyDataSetWithACursorAndAWatermarkReadsFromTheWatermarkMinusTheLookbackInWholeSeconds() {
        Walk walk = Walk.plan(CATALOG.get("invoices"), false, WATERMARK, Duration.ofHours(1), NOW);

        assertThat(walk.kind()).isEqualTo(Walk.Kind.INCREMENTAL);
        assertThat(walk.query()).isEqualTo("modifiedDate>=2026-11-21T01:10:30Z");
        assertThat(walk.startedAt()).isEqualTo(Instant.parse("2026-11-22T02:00:00.123Z"));
    }

    @Test
    void noWatermarkAFullRefreshOrNoCursorIsAWalkOfEverything() {
        assertThat(Walk.plan(CATALOG.get("invoices"), false, null, Duration.ofHours(1), NOW).kind()).isEqualTo(Walk.Kind.FULL);
        assertThat(Walk.plan(CATALOG.get("invoices"), true, WATERMARK, Duration.ofHours(1), NOW).query()).isNull();
        assertThat(Walk.plan(CATALOG.get("companies"), false, WATERMARK, Duration.ofHours(1), NOW).kind())
                .isEqualTo(Walk.Kind.FULL);
    }

    @Test
    void theDataSetsFilterIsGroupedAndJoinedToTheCursorConditionSoThatAnOrCannotSwallowIt() {
        assertThat(Walk.query("status=Paid||status=Void", "modifiedDate", WATERMARK))
                .isEqualTo("{status=Paid||status=Void}&&{modifiedDate>=2026-11-21T02:10:30Z}");
        assertThat(Walk.query("status=Paid", "modifiedDate", null)).isEqualTo("status=Paid");
        assertThat(Walk.query(null, "modifiedDate", null)).isNull();
    }
}
