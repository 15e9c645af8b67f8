package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.SyncRequest;

/** The modes of POST /api/runs: incremental by default, full for a full refresh, deferred. */
class LaunchRequestTests {

    @Test
    void noModeIsIncrementalFullIsAFullRefreshDeferredIsDeferred() {
        assertThat(new LaunchRequest(null, List.of("invoices"), null).toSyncRequest())
                .isEqualTo(new SyncRequest(SyncRequest.Kind.INCREMENTAL, List.of("invoices"), List.of()));
        assertThat(new LaunchRequest("incremental", null, null).toSyncRequest()).isEqualTo(SyncRequest.everything());
        assertThat(new LaunchRequest(" Full ", null, null).toSyncRequest()).isEqualTo(SyncRequest.everything().withFullRefresh());
        assertThat(new LaunchRequest("deferred", null, null).toSyncRequest()).isEqualTo(SyncRequest.deferred());
    }

    @Test
    void anUnknownModeNamesTheOnesThereAre() {
        assertThatThrownBy(() -> new LaunchRequest("weekly", null, null).toSyncRequest())
                .hasMessage("Unknown mode 'weekly': use incremental, full or deferred");
    }
}
