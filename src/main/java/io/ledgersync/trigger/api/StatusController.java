package io.ledgersync.trigger.api;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.ledgersync.sync.history.SyncStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

/** Where each company's data sets stand, over HTTP ({@code GET /api/status}, behind the API's authentication). */
@RestController
@ConditionalOnExpression("'${ledgersync.command:serve}' == 'serve'") // a worker serves health and metrics only
class StatusController {

    private final SyncStatus status;
    private final Clock clock;

    StatusController(SyncStatus status, ObjectProvider<Clock> clock) {
        this.status = status;
        this.clock = clock.getIfAvailable(Clock::systemUTC);
    }

    /** @param companyDataSets per company and data set, by data set then company */
    record Status(Instant at, List<SyncStatus.CompanyDataSet> companyDataSets) {
    }

    @Operation(summary = "Per company and data set: state, watermark, last full and incremental success, last error,"
            + " runs failed in a row and since when, last reconciliation, rows live and marked deleted")
    @ApiResponse(responseCode = "200", description = "Every company data set read at least once")
    @GetMapping("/api/status")
    Status status() {
        return new Status(clock.instant(), status.companyDataSets());
    }
}
