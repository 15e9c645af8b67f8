package io.ledgersync.trigger.api;

import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.ledgersync.sync.history.SyncStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

/**
 * Where each company's data sets stand, over HTTP ({@code GET /api/status}, behind the API's authentication): the
 * document {@code ledgersync status --json} prints too ({@link SyncStatus.Report}).
 */
@RestController
@ConditionalOnExpression("'${ledgersync.command:serve}' == 'serve'") // a worker serves health and metrics only
class StatusController {

    private final SyncStatus status;

    StatusController(SyncStatus status) {
        this.status = status;
    }

    @Operation(summary = "Per company and data set: state, watermark, last full and incremental success, last error,"
            + " runs failed in a row and since when, last reconciliation, rows live and marked deleted")
    @ApiResponse(responseCode = "200", description = "Every company data set read at least once")
    @GetMapping("/api/status")
    SyncStatus.Report status() {
        return status.report();
    }
}
