package io.ledgersync.trigger.cli;

import java.time.Instant;
import java.util.List;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

import io.ledgersync.sync.history.SyncStatus;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code status} command: where each company data set stands, as {@code GET /api/status} tells it, without a
 * service running: a table, or with {@code --json} the endpoint's document, written by the same mapper.
 */
@Component
@ConditionalOnProperty(name = "ledgersync.command", havingValue = "status")
class CommandLineStatus implements ApplicationRunner {

    /** A last error longer than this is cut in the table; {@code --json} has it whole. */
    private static final int ERROR_WIDTH = 60;

    private final SyncStatus status;
    private final JsonMapper json;
    private final CommandOutput output;

    CommandLineStatus(SyncStatus status, JsonMapper json, CommandOutput output) {
        this.status = status;
        this.json = json;
        this.output = output;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        print(ReportOptions.status(List.of(arguments.getSourceArgs())));
    }

    void print(ReportOptions options) {
        SyncStatus.Report report = status.report();
        if (options.json()) {
            output.println(json.writeValueAsString(report));
        } else {
            output.print(table(report));
        }
    }

    static String table(SyncStatus.Report report) {
        if (report.companyDataSets().isEmpty()) {
            return "No company data set has been read yet: run 'ledgersync sync'" + System.lineSeparator();
        }
        TextTable table = new TextTable("DATA SET", "COMPANY", "STATE", "WATERMARK", "LAST SUCCESS", "FAILED RUNS", "ROWS",
                "DELETED", "LAST ERROR");
        for (SyncStatus.CompanyDataSet standing : report.companyDataSets()) {
            table.row(standing.dataSet(), standing.companyId(), standing.state(), standing.watermark(),
                    latest(standing.lastFullSuccessAt(), standing.lastIncrementalSuccessAt()),
                    standing.consecutiveFailures() == 0 ? null : standing.consecutiveFailures() + " since "
                            + TextTable.time(standing.failingSince()),
                    standing.rowsLive(), standing.rowsDeleted(), cut(standing.lastError()));
        }
        return table.text();
    }

    private static Instant latest(Instant a, Instant b) {
        return a == null ? b : b == null || a.isAfter(b) ? a : b;
    }

    private static String cut(String text) {
        return text == null || text.length() <= ERROR_WIDTH ? text : text.substring(0, ERROR_WIDTH - 3) + "...";
    }
}
