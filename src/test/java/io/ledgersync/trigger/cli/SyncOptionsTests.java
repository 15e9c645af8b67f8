package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.SyncRequest;

/** The rules of sync's options: what the check before the start refuses, and the request they make. */
class SyncOptionsTests {

    @Test
    void theOptionsMakeTheRequestAndSettingsAreLeftToSpringBoot() {
        SyncRequest request = SyncOptions.preflight(new String[] {"--datasets=invoices, customers", "--companies=c1",
                "--deferred", "--ledgersync.api.page-size=50", "--debug"}).request();

        assertThat(request.kind()).isEqualTo(SyncRequest.Kind.DEFERRED);
        assertThat(request.datasets()).containsExactly("invoices", "customers");
        assertThat(request.companies()).containsExactly("c1");
    }

    @Test
    void fullAsksForAFullRefreshAndWithoutItARunIsIncrementalWhereItCanBe() {
        assertThat(SyncOptions.parse(List.of("--full", "--datasets=invoices")).request())
                .isEqualTo(new SyncRequest(SyncRequest.Kind.FULL, List.of("invoices"), List.of()));
        assertThat(SyncOptions.parse(List.of()).request().kind()).isEqualTo(SyncRequest.Kind.INCREMENTAL);
        assertThatThrownBy(() -> SyncOptions.parse(List.of("--full", "--deferred")))
                .isInstanceOf(UsageException.class).hasMessageContaining("--deferred and --full exclude each other");
    }

    @Test
    void anUnknownOptionIsNamedWithWhatSyncTakesAndTheNearestOption() {
        assertThatThrownBy(() -> SyncOptions.parse(List.of("--dataset=invoices")))
                .isInstanceOf(UsageException.class)
                .hasMessage("sync: unknown option --dataset (did you mean --datasets?): sync takes --datasets=a,b, "
                        + "--companies=id1,id2, --deferred, --full and settings as --key=value; see --help");
        assertThatThrownBy(() -> SyncOptions.parse(List.of("--no-such-option"))).hasMessageStartingWith("sync: unknown option --no-such-option: ");
        assertThatThrownBy(() -> SyncOptions.parse(List.of("invoices"))).hasMessageStartingWith("sync: unexpected argument 'invoices': ");
    }

    @Test
    void aMissingValueOrAValueWhereNoneBelongsIsRefused() {
        for (String missing : List.of("--datasets", "--datasets=", "--datasets=,", "--companies")) {
            assertThatThrownBy(() -> SyncOptions.parse(List.of(missing))).as(missing).isInstanceOf(UsageException.class)
                    .hasMessageContaining("needs a value, e.g. --");
        }
        assertThatThrownBy(() -> SyncOptions.parse(List.of("--deferred=yes"))).hasMessage("sync: --deferred takes no value; see --help");
    }

    @Test
    void dataSetsAreCheckedAgainstTheFilesThatTheSettingNames() {
        assertThatThrownBy(() -> SyncOptions.preflight(new String[] {"--datasets=payments"}))
                .isInstanceOf(UsageException.class)
                .hasMessage("sync: Unknown data set 'payments': the data sets are companies, accounts, bills, credit_notes, customers, invoices, suppliers; see --help");
        assertThatThrownBy(() -> SyncOptions.preflight(new String[] {"--deferred", "--datasets=companies"}))
                .hasMessageContaining("companies is never deferred");
        // files that declare no such data set: which ones the setting names decides
        assertThatThrownBy(() -> SyncOptions.preflight(new String[] {"--datasets=invoices",
                "--ledgersync.sync.datasets=classpath*:jobs/companies.yml"}))
                .hasMessageContaining("Unknown data set 'invoices': the data sets are companies");
    }

    @Test
    void filesThatCannotBeReadHereAreLeftToTheStart() {
        SyncRequest request = SyncOptions.preflight(new String[] {"--datasets=payments",
                "--ledgersync.sync.datasets=classpath*:no-such-folder/*.yml"}).request();

        assertThat(request.datasets()).containsExactly("payments");
    }
}
