package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PromQlMetricNamesTests {

    @Test
    void aBareSelectorIsItsName() {
        assertThat(PromQlMetricNames.in("ledgersync_company_datasets")).containsExactly("ledgersync_company_datasets");
    }

    @Test
    void functionsAggregationsAndGroupingLabelsAreNotNames() {
        assertThat(PromQlMetricNames.in(
                "histogram_quantile(0.95, sum by (dataset, le) (rate(ledgersync_page_latency_seconds_bucket[5m])))"))
                .containsExactly("ledgersync_page_latency_seconds_bucket");
    }

    @Test
    void labelMatchersAndTheirValuesAreNotNames() {
        assertThat(PromQlMetricNames.in("increase(ledgersync_api_requests_seconds_count{status=~\"401|403\", endpoint!=\"other\"}[15m]) > 0"))
                .containsExactly("ledgersync_api_requests_seconds_count");
    }

    @Test
    void bothSidesOfABinaryOperationWithVectorMatchingAreNames() {
        assertThat(PromQlMetricNames.in("""
                sum by (status) (rate(a_total{status=~"429|503"}[5m]))
                  / on () group_left sum(rate(b_total[5m])) > 0.2
                unless on (dataset) c_seconds offset 1h"""))
                .containsExactly("a_total", "b_total", "c_seconds");
    }

    @Test
    void grafanaVariablesAndNumbersWithUnitsAreNotNames() {
        assertThat(PromQlMetricNames.in("sum by (reason) (rate(w_seconds_sum{dataset=~\"$dataset\"}[$__rate_interval])) * 1e3 + 26 * 3600"))
                .containsExactly("w_seconds_sum");
    }

    @Test
    void aNameBeforeASpaceAndAParenthesisIsAFunction() {
        assertThat(PromQlMetricNames.in("time () - max(x_timestamp_seconds)")).containsExactly("x_timestamp_seconds");
    }

    @Test
    void labelValuesOfAGrafanaVariableQueryNamesItsMetricNotItsLabel() {
        assertThat(PromQlMetricNames.in("label_values(ledgersync_records_read_total{mode=\"full\"}, dataset)"))
                .containsExactly("ledgersync_records_read_total");
    }
}
