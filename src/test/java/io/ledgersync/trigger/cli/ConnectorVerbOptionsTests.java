package io.ledgersync.trigger.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The options of status, runs and reset, refused before anything starts. */
class ConnectorVerbOptionsTests {

    @Test
    void runsShowsTheLastTenByDefaultAndTakesLastWithOrWithoutEquals() {
        assertThat(ReportOptions.runs(List.of())).isEqualTo(new ReportOptions(false, 10));
        assertThat(ReportOptions.runs(List.of("--last", "3", "--json"))).isEqualTo(new ReportOptions(true, 3));
        assertThat(ReportOptions.runs(List.of("--last=200"))).isEqualTo(new ReportOptions(false, 200));
    }

    @Test
    void aLastThatIsNotOneToTwoHundredRunsIsAUsageError() {
        for (String last : List.of("0", "201", "many")) {
            assertThatThrownBy(() -> ReportOptions.runs(List.of("--last=" + last))).isInstanceOf(UsageException.class)
                    .hasMessage("runs: --last=" + last + " is not a number of runs: give 1 to 200, e.g. --last=5; see --help");
        }
        assertThatThrownBy(() -> ReportOptions.runs(List.of("--last"))).hasMessage("runs: --last needs a value, e.g. --last=5;"
                + " see --help");
    }

    @Test
    void statusTakesJsonAndSettingsOnly() {
        assertThat(ReportOptions.status(List.of("--json", "--spring.datasource.url=jdbc:h2:mem:x")).json()).isTrue();
        assertThatThrownBy(() -> ReportOptions.status(List.of("--jsn"))).isInstanceOf(UsageException.class)
                .hasMessage("status: unknown option --jsn (did you mean --json?): status takes --json and settings as --key=value;"
                        + " see --help");
    }

    @Test
    void resetNeedsItsDataSetsAndReadsCompaniesAsSyncDoes() {
        assertThatThrownBy(() -> ResetOptions.parse(List.of("--yes"))).isInstanceOf(UsageException.class)
                .hasMessage("reset: name the data sets whose watermarks to reset with --datasets, e.g. --datasets=invoices;"
                        + " see --help");
        ResetOptions options = ResetOptions.parse(List.of("--datasets=invoices,bills", "--companies=acme\\,eu,c2"));
        assertThat(options.yes()).isFalse();
        assertThat(options.request().datasets()).containsExactly("invoices", "bills");
        assertThat(options.request().companies()).containsExactly("acme,eu", "c2");
    }

    @Test
    void resetRefusesAnUnknownDataSetBeforeTheStartAsSyncDoes() {
        assertThatThrownBy(() -> ResetOptions.preflight(new String[] {"--datasets=payments", "--yes"}))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("reset: Unknown data set 'payments': the data sets are");
    }
}
