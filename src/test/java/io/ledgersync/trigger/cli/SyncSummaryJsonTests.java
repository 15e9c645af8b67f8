package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;

import io.ledgersync.sync.RunOutcome;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.history.SyncReport;
import io.ledgersync.sync.history.SyncReport.DataSetOutcome;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SyncSummaryJsonTests {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void givenAFailedRunWhenPrintedAsJsonThenTheDocumentHasItsKindOutcomeExitCodeCountsFailuresAndRefusedDeletes() {
        SyncReport report = new SyncReport(7, true, BatchStatus.FAILED, RunOutcome.FAILED, Duration.ofMillis(12_400),
                List.of(new DataSetOutcome("companies", 1, 0, 0, 0, 0, 0, 0, 1, 3, 1, 3, null, 0, 0),
                        new DataSetOutcome("bills", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, 0, 0),
                        new DataSetOutcome("invoices", 3, 3, 1, 1, 0, 0, 1, 4, 150, 6, 250, null, 2, 1)),
                List.of("invoices of company 42: Cannot reach the Data API\n  at http://x: connection refused"),
                List.of(new IllegalStateException("down")),
                List.of("invoices of company 7: 30 deletes refused; run 'ledgersync sync --full --accept-deletes'"));

        JsonNode json = JSON.readTree(SyncSummaryJson.of(report, SyncRequest.Kind.FULL, ExitCode.SOURCE_UNAVAILABLE).toJson());

        assertThat(json.get("runId").asLong()).isEqualTo(7);
        assertThat(json.get("kind").asString()).isEqualTo("full");
        assertThat(json.get("resumed").asBoolean()).isTrue();
        assertThat(json.get("status").asString()).isEqualTo("FAILED");
        assertThat(json.get("outcome").asString()).isEqualTo("FAILED");
        assertThat(json.get("exitCode").asInt()).isEqualTo(7);
        assertThat(json.get("durationSeconds").asDouble()).isEqualTo(12.4);
        assertThat(json.get("dataSets")).as("only the data sets the run touched").extracting(node -> node.get("name").asString())
                .containsExactly("companies", "invoices");
        JsonNode invoices = json.get("dataSets").get(1);
        assertThat(invoices.get("records").asLong()).isEqualTo(150);
        assertThat(invoices.get("pages").asLong()).isEqualTo(4);
        assertThat(invoices.get("runRecords").asLong()).isEqualTo(250);
        assertThat(invoices.get("runPages").asLong()).isEqualTo(6);
        assertThat(invoices.get("companies").asInt()).isEqualTo(3);
        assertThat(invoices.get("failed").asInt()).isEqualTo(1);
        assertThat(invoices.get("deferred").asInt()).isEqualTo(1);
        assertThat(invoices.get("rejected").asLong()).isEqualTo(2);
        assertThat(invoices.get("deletesRefused").asInt()).isEqualTo(1);
        assertThat(json.get("failures")).as("each failure in one line").extracting(JsonNode::asString)
                .containsExactly("invoices of company 42: Cannot reach the Data API at http://x: connection refused");
        assertThat(json.get("deletesRefused")).extracting(JsonNode::asString)
                .containsExactly("invoices of company 7: 30 deletes refused; run 'ledgersync sync --full --accept-deletes'");
    }

    @Test
    void givenACompletedRunWhenPrintedAsJsonThenItIsOneLineWithTheDocumentedFieldsInOrder() {
        SyncReport report = new SyncReport(1, false, BatchStatus.COMPLETED, RunOutcome.COMPLETED, Duration.ZERO, List.of(),
                List.of(), List.of(), List.of());

        String json = SyncSummaryJson.of(report, SyncRequest.Kind.INCREMENTAL, ExitCode.COMPLETED).toJson();

        assertThat(json).doesNotContain("\n").isEqualTo("{\"runId\":1,\"kind\":\"incremental\",\"resumed\":false,"
                + "\"status\":\"COMPLETED\",\"outcome\":\"COMPLETED\",\"exitCode\":0,\"durationSeconds\":0.0,\"dataSets\":[],"
                + "\"failures\":[],\"deletesRefused\":[]}");
    }

    @Test
    void givenJsonWhenParsedAsSyncOptionsThenItChangesHowNotWhatRuns() {
        SyncOptions options = SyncOptions.parse(List.of("--json", "--full"));

        assertThat(options.json()).isTrue();
        assertThat(options.request().kind()).isEqualTo(SyncRequest.Kind.FULL);
        assertThat(SyncOptions.parse(List.of("--full")).json()).isFalse();
    }
}
