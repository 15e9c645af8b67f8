package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A request written back as the sync command that makes it; SyncOptionsTests parses each back into its request. */
class SyncCommandTests {

    @Test
    void aFullRefreshThatAcceptsDeletesOfOneCompanyDataSet() {
        SyncRequest request = new SyncRequest(SyncRequest.Kind.FULL, List.of("invoices"), List.of("42"), true);

        assertThat(SyncCommand.of(request)).isEqualTo("sync --full --datasets=invoices --companies=42 --accept-deletes");
    }

    @Test
    void whatARequestLeavesAtItsDefaultIsLeftOut() {
        assertThat(SyncCommand.of(SyncRequest.everything())).isEqualTo("sync");
        assertThat(SyncCommand.of(SyncRequest.deferred())).isEqualTo("sync --deferred");
        assertThat(SyncCommand.of(SyncRequest.of("companies,invoices", "").withFullRefresh()))
                .isEqualTo("sync --full --datasets=companies,invoices");
    }

    @Test
    void companyIdsAreEscapedAndQuotedOnlyWhenAShellWouldChangeThem() {
        assertThat(SyncCommand.of(new SyncRequest(List.of(), List.of("ae01d966-eaa5-44d1-b690-4ea8dabb5026", "b"))))
                .isEqualTo("sync --companies=ae01d966-eaa5-44d1-b690-4ea8dabb5026,b");
        assertThat(SyncCommand.of(new SyncRequest(List.of(), List.of("acme,eu", "back\\slash"))))
                .isEqualTo("sync --companies='acme\\,eu,back\\\\slash'");
        assertThat(SyncCommand.of(new SyncRequest(List.of(), List.of("o'hara & sons"))))
                .isEqualTo("sync --companies='o'\\''hara & sons'");
    }
}
