package io.ledgersync.trigger.cli;

import java.util.List;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.SyncReport;
import tools.jackson.databind.json.JsonMapper;

/**
 * The summary of one {@code sync} run as the one JSON document that {@code sync --json} prints on standard output, for
 * scripts: the same facts as the text summary, under names that stay stable (fields are only ever added). Shape:
 * <pre>
 * {"runId":7, "kind":"incremental", "resumed":false, "status":"COMPLETED", "outcome":"COMPLETED_WITH_DEFERRALS",
 *  "exitCode":3, "durationSeconds":12.4,
 *  "dataSets":[{"name":"invoices", "records":150, "pages":2, "runRecords":150, "runPages":2, "partitions":3,
 *               "companies":3, "failed":0, "deferred":1, "unsupported":0, "stopped":0, "rejected":0, "deletesRefused":0}],
 *  "failures":["invoices of company 42: ..."], "deletesRefused":["invoices of company 7: ... run 'ledgersync sync ...'"]}
 * </pre>
 * {@code kind} is the request's word (incremental, full, deferred); {@code exitCode} is the process's
 * ({@link ExitCode}); {@code dataSets} lists only the data sets the run touched. Immutable.
 */
record SyncSummaryJson(long runId, String kind, boolean resumed, String status, String outcome, int exitCode,
        double durationSeconds, List<DataSet> dataSets, List<String> failures, List<String> deletesRefused) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One data set's figures: this execution's, and over the whole run for a resumed one ({@code run*}). */
    record DataSet(String name, long records, long pages, long runRecords, long runPages, int partitions, int companies,
            int failed, int deferred, int unsupported, int stopped, long rejected, int deletesRefused) {
    }

    static SyncSummaryJson of(SyncReport report, SyncRequest.Kind kind, ExitCode exitCode) {
        List<DataSet> dataSets = report.dataSets().stream()
                .filter(outcome -> outcome.partitions() > 0 || outcome.runPages() > 0) // as the text summary: only what ran
                .map(outcome -> new DataSet(outcome.dataSet(), outcome.records(), outcome.pages(), outcome.runRecords(),
                        outcome.runPages(), outcome.partitions(), outcome.companies(), outcome.failed(), outcome.deferred(),
                        outcome.unsupported(), outcome.stopped(), outcome.rejected(), outcome.deletesRefused()))
                .toList();
        return new SyncSummaryJson(report.runId(), kind.word(), report.resumed(), report.status().name(),
                report.outcome().name(), exitCode.code(), report.duration().toMillis() / 1000.0, dataSets,
                report.failures().stream().map(failure -> failure.replaceAll("\\s*\\R\\s*", " ")).toList(),
                report.deletesRefused());
    }

    /** The document in one line. */
    String toJson() {
        return JSON.writeValueAsString(this);
    }
}
