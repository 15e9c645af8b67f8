package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.ledgersync.sync.SyncCommand;
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
    void acceptDeletesWithFullIsAFullRefreshThatMarksDeletesBeyondTheSafetyBound() {
        SyncRequest request = SyncOptions.preflight(new String[] {"--full", "--datasets=invoices", "--companies=42",
                "--accept-deletes"}).request();

        assertThat(request).isEqualTo(new SyncRequest(SyncRequest.Kind.FULL, List.of("invoices"), List.of("42"), true));
        assertThat(SyncOptions.parse(List.of("--full")).request().acceptDeletes()).isFalse();
    }

    @Test
    void acceptDeletesWithoutFullIsAUsageErrorNamingTheFix() {
        for (List<String> args : List.of(List.of("--accept-deletes"), List.of("--deferred", "--accept-deletes"))) {
            assertThatThrownBy(() -> SyncOptions.preflight(args.toArray(String[]::new))).as(args.toString())
                    .isInstanceOf(UsageException.class)
                    .hasMessage("sync: --accept-deletes needs --full: only a full refresh marks deletes (the option lets it"
                            + " mark more than ledgersync.sync.deletes.max-fraction); see --help");
        }
        assertThatThrownBy(() -> SyncOptions.parse(List.of("--full", "--accept-deletes=yes")))
                .hasMessage("sync: --accept-deletes takes no value; see --help");
    }

    @Test
    void theCommandARequestIsWrittenBackAsMakesThatRequestAgain() {
        // the command a message tells someone to run (SyncCommand) is one these options parse into the same request
        for (SyncRequest request : List.of(SyncRequest.everything(), SyncRequest.deferred(),
                SyncRequest.of("invoices", "42").withFullRefresh().acceptingDeletes(),
                SyncRequest.of("companies,invoices", "acme\\,eu,back\\\\slash,plain").withFullRefresh())) {
            String command = SyncCommand.of(request);
            assertThat(SyncOptions.parse(shellWords(command)).request()).as(command).isEqualTo(request);
        }
    }

    /** The words a shell makes of a command that quotes with single quotes only, after the command's name. */
    private static List<String> shellWords(String command) {
        List<String> words = new java.util.ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        for (char c : command.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
            } else if (c == ' ' && !quoted) {
                words.add(word.toString());
                word.setLength(0);
            } else {
                word.append(c);
            }
        }
        words.add(word.toString());
        assertThat(words.get(0)).isEqualTo("sync");
        return words.subList(1, words.size());
    }

    @Test
    void anUnknownOptionIsNamedWithWhatSyncTakesAndTheNearestOption() {
        assertThatThrownBy(() -> SyncOptions.parse(List.of("--dataset=invoices")))
                .isInstanceOf(UsageException.class)
                .hasMessage("sync: unknown option --dataset (did you mean --datasets?): sync takes --datasets=a,b, "
                        + "--companies=id1,id2, --deferred, --full, --accept-deletes, --json and settings as --key=value; see --help");
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
