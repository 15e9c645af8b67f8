package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.SyncRequest;

/** The modes of POST /api/runs: incremental by default, full for a full refresh, deferred; acceptDeletes with full. */
class LaunchRequestTests {

    @Test
    void noModeIsIncrementalFullIsAFullRefreshDeferredIsDeferred() {
        assertThat(new LaunchRequest(null, List.of("invoices"), null, null).toSyncRequest())
                .isEqualTo(new SyncRequest(SyncRequest.Kind.INCREMENTAL, List.of("invoices"), List.of()));
        assertThat(new LaunchRequest("incremental", null, null, null).toSyncRequest()).isEqualTo(SyncRequest.everything());
        assertThat(new LaunchRequest(" Full ", null, null, null).toSyncRequest()).isEqualTo(SyncRequest.everything().withFullRefresh());
        assertThat(new LaunchRequest("deferred", null, null, null).toSyncRequest()).isEqualTo(SyncRequest.deferred());
    }

    @Test
    void acceptDeletesWithModeFullIsAFullRefreshThatMarksDeletesBeyondTheSafetyBound() {
        assertThat(new LaunchRequest("full", List.of("invoices"), List.of("42"), true).toSyncRequest())
                .isEqualTo(new SyncRequest(SyncRequest.Kind.FULL, List.of("invoices"), List.of("42"), true));
        assertThat(new LaunchRequest("full", null, null, false).toSyncRequest()).isEqualTo(SyncRequest.everything().withFullRefresh());
        assertThat(new LaunchRequest("incremental", null, null, false).toSyncRequest()).isEqualTo(SyncRequest.everything());
    }

    @Test
    void acceptDeletesWithAnotherModeIsRefusedNamingTheFix() {
        for (String mode : new String[] {null, "incremental", "deferred"}) {
            assertThatThrownBy(() -> new LaunchRequest(mode, null, null, true).toSyncRequest()).as(String.valueOf(mode))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Field 'acceptDeletes' needs \"mode\": \"full\": only a full refresh marks deletes"
                            + " (acceptDeletes lets it mark more than ledgersync.sync.deletes.max-fraction)");
        }
    }

    @Test
    void anUnknownModeNamesTheOnesThereAre() {
        assertThatThrownBy(() -> new LaunchRequest("weekly", null, null, null).toSyncRequest())
                .hasMessage("Unknown mode 'weekly': use incremental, full or deferred");
    }
}
