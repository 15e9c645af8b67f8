package io.ledgersync.trigger;

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

        assertThat(exit).isEqualTo(CommandLineSync.SUCCESS);
        assertThat(text()).contains("COMPLETED").contains("companies 2 records").contains("invoices 60 records in 4 pages from 2 companies");
    }

    @Test
    void failedRunExitsOneAndPrintsTheCause() {
        int exit = sync("cli_bad_key", "wrong-key");

        assertThat(exit).isEqualTo(CommandLineSync.FAILED);
        assertThat(text()).contains("FAILED").contains("answered 401").contains("LEDGERSYNC_API_KEY");
    }

    @Test
    void unknownDataSetIsAUsageError() {
        int exit = sync("cli_usage", sandbox.apiKey(), "--datasets=bills");

        assertThat(exit).isEqualTo(CommandLineSync.USAGE);
    }

    @Test
    void unknownOptionIsAUsageError() {
        int exit = sync("cli_option", sandbox.apiKey(), "--dataset=invoices");

        assertThat(exit).isEqualTo(CommandLineSync.USAGE);
    }

    /** Runs the command as main() would, capturing standard output. */
    private int sync(String database, String key, String... options) {
        List<String> args = new ArrayList<>(List.of("sync",
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + key,
                "--ledgersync.api.page-size=20",
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
