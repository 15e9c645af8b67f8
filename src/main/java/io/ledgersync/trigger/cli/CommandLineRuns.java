package io.ledgersync.trigger.cli;

import java.util.List;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

import io.ledgersync.sync.history.RunDetail;
import io.ledgersync.sync.run.RunsPage;
import io.ledgersync.sync.run.SyncRuns;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code runs} command: the last runs, newest first, as {@code GET /api/runs} lists them, without a service running:
 * a table, or with {@code --json} the endpoint's document for a page of {@code --last} runs, written by the same mapper.
 */
@Component
@ConditionalOnProperty(name = "ledgersync.command", havingValue = "runs")
class CommandLineRuns implements ApplicationRunner {

    private final SyncRuns runs;
    private final JsonMapper json;
    private final CommandOutput output;

    CommandLineRuns(SyncRuns runs, JsonMapper json, CommandOutput output) {
        this.runs = runs;
        this.json = json;
        this.output = output;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        print(ReportOptions.runs(List.of(arguments.getSourceArgs())));
    }

    void print(ReportOptions options) {
        RunsPage page = runs.page(0, options.last());
        if (options.json()) {
            output.println(json.writeValueAsString(page));
        } else {
            output.print(table(page));
        }
    }

    static String table(RunsPage page) {
        if (page.runs().isEmpty()) {
            return "No sync run yet: run 'ledgersync sync'" + System.lineSeparator();
        }
        TextTable table = new TextTable("RUN", "MODE", "STATUS", "EXIT CODE", "STARTED", "ENDED", "DATA SETS", "COMPANIES");
        for (RunsPage.RunSummary run : page.runs()) {
            RunDetail.Request request = run.request();
            table.row(run.runId(), request.mode(), run.status(), run.exitCode(), run.startedAt(), run.endedAt(),
                    request.datasets().isEmpty() ? "all" : String.join(",", request.datasets()),
                    request.companies().isEmpty() ? "all" : String.join(",", request.companies()));
        }
        String shown = page.total() > page.runs().size()
                ? "The last " + page.runs().size() + " of " + page.total() + " runs: --last=N shows more" + System.lineSeparator()
                : "";
        return table.text() + shown;
    }
}
