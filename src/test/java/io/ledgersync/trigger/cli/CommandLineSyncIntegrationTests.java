package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.ledgersync.LedgersyncApplication;
import io.ledgersync.sandbox.SandboxServer;
import io.ledgersync.sandbox.SandboxSettings;

/** The {@code sync} command end to end, in this JVM: its exit codes and what it prints. */
class CommandLineSyncIntegrationTests {

    private static final SandboxServer sandbox = SandboxServer.start(SandboxSettings.defaults().withCompanies(2).withInvoicesPerCompany(30));

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void successfulRunExitsZeroAndPrintsWhatItSynced() {
        int exit = sync("cli_ok", sandbox.apiKey());

        assertThat(exit).isEqualTo(ExitCode.COMPLETED.code());
        assertThat(text()).contains("COMPLETED").contains("companies 2 records").contains("invoices 60 records in 4 pages from 2 companies");
    }

    @Test
    void runFailingOnTheKeyExitsWithTheAuthenticationCodeAndPrintsTheCause() {
        int exit = sync("cli_bad_key", "wrong-key");

        assertThat(exit).isEqualTo(ExitCode.AUTHENTICATION.code());
        assertThat(text()).contains("FAILED").contains("answered 401").contains("LEDGERSYNC_API_KEY");
    }

    @Test
    void runWithDeferralsExitsThreeAndSaysWhatToDo() {
        String late = sandbox.dataSet().companyIds().get(0);
        sandbox.faults().dataSet(late, "invoices").readyAfterRequests(1);
        try {
            int exit = sync("cli_deferred", sandbox.apiKey());

            assertThat(exit).isEqualTo(ExitCode.COMPLETED_WITH_DEFERRALS.code());
            assertThat(text()).contains("1 deferred").contains("sync --deferred");
        } finally {
            sandbox.faults().dataSet(late, "invoices").ready();
        }
    }

    @Test
    void expiredAccountExitsWithTheAccountLimitCode() {
        try (SandboxServer expired = SandboxServer.start(SandboxSettings.defaults().withCompanies(1).withInvoicesPerCompany(1)
                .withAccountAge(java.time.Duration.ofDays(400)))) {
            int exit = syncAgainst(expired, "cli_expired");

            assertThat(exit).isEqualTo(ExitCode.ACCOUNT_LIMIT.code());
            assertThat(text()).contains("Account expired");
        }
    }

    @Test
    void sourceDownBeyondTheRetriesExitsWithTheSourceUnavailableCode() {
        sandbox.faults().all().unavailableNext(1000, java.time.Duration.ofSeconds(1));
        try {
            int exit = sync("cli_unavailable", sandbox.apiKey());

            assertThat(exit).isEqualTo(ExitCode.SOURCE_UNAVAILABLE.code());
            assertThat(text()).contains("answered 503");
        } finally {
            sandbox.faults().clear();
        }
    }

    @Test
    void deletesRefusedByTheSafetyBoundAreAppliedByTheCommandTheRunPrints() {
        String company = sandbox.dataSet().companyIds().get(0);
        assertThat(sync("cli_deletes", sandbox.apiKey())).isEqualTo(ExitCode.COMPLETED.code());
        // 20 of the company's 30 invoices gone: more than the default bound of 0.5
        sandbox.faults().dataSet(company, "invoices").change(new io.ledgersync.sandbox.records.DataSetState.Changes(0, 0, 0,
                20, 0, null));
        try {
            out.reset();
            int refused = sync("cli_deletes", sandbox.apiKey(), "--full");

            String command = "sync --full --datasets=invoices --companies=" + company + " --accept-deletes";
            assertThat(refused).isEqualTo(ExitCode.COMPLETED.code());
            assertThat(text()).contains("(1 with deletes refused)").contains("  invoices of company " + company
                    + ": deletes refused: 20 of 30 live rows").contains("run '" + command + "'");

            out.reset();
            int applied = sync("cli_deletes", sandbox.apiKey(), command.substring("sync ".length()).split(" "));

            assertThat(applied).isEqualTo(ExitCode.COMPLETED.code());
            assertThat(text()).contains("invoices 10 records in 1 page from 1 company").doesNotContain("deletes refused");
        } finally {
            sandbox.faults().dataSet(company, "invoices").undoChanges();
        }
    }

    @Test
    void acceptDeletesWithoutFullIsAUsageErrorBeforeTheStart() {
        int exit = sync("cli_accept", sandbox.apiKey(), "--accept-deletes", "--datasets=invoices");

        assertThat(exit).isEqualTo(ExitCode.USAGE.code());
        assertThat(text()).as("nothing started, nothing run").doesNotContain("Sync run");
    }

    @Test
    void unknownDataSetIsAUsageError() {
        int exit = sync("cli_usage", sandbox.apiKey(), "--datasets=payments");

        assertThat(exit).isEqualTo(ExitCode.USAGE.code());
    }

    @Test
    void unknownOptionIsAUsageError() {
        int exit = sync("cli_option", sandbox.apiKey(), "--dataset=invoices");

        assertThat(exit).isEqualTo(ExitCode.USAGE.code());
    }

    private int sync(String database, String key, String... options) {
        return run(sandbox, database, key, options);
    }

    private int syncAgainst(SandboxServer server, String database) {
        return run(server, database, server.apiKey());
    }

    /** Runs the command as main() would, capturing standard output. */
    private int run(SandboxServer server, String database, String key, String... options) {
        List<String> args = new ArrayList<>(List.of("sync",
                "--ledgersync.api.base-url=" + server.baseUrl(),
                "--ledgersync.api.api-key=" + key,
                "--ledgersync.api.page-size=20",
                "--ledgersync.api.retry.max-attempts=1", // a failure is final at once: these tests are about exit codes
                "--spring.datasource.url=jdbc:h2:mem:" + database + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DB_CLOSE_DELAY=-1"));
        args.addAll(List.of(options));
        PrintStream original = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            return LedgersyncApplication.run(args.toArray(String[]::new), System.out, System.err);
        } finally {
            System.setOut(original);
        }
    }

    private String text() {
        return out.toString(StandardCharsets.UTF_8);
    }
}
