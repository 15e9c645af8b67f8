package io.ledgersync.metrics;

import java.util.OptionalDouble;
import java.util.stream.StreamSupport;

import tools.jackson.databind.JsonNode;

/**
 * When an alert was pending and when it was firing, as Prometheus recorded it: every rule evaluation writes an alert's
 * state to the series {@code ALERTS{alertname, alertstate}}, so the order of the states is read back from it rather
 * than caught by polling {@code /api/v1/alerts}, where a pending state of a few seconds could fall between two polls.
 *
 * @param firstPending the first evaluation (epoch seconds) that had it pending, if any
 * @param firstFiring the first evaluation that had it firing, if any
 */
record AlertHistory(String alert, OptionalDouble firstPending, OptionalDouble firstFiring) {

    /** The alert's states over the last {@code seconds}. */
    static AlertHistory of(TestPrometheus prometheus, String alert, long seconds) {
        String series = "ALERTS{alertname=\"" + alert + "\", alertstate=\"%s\"}[" + seconds + "s]";
        return new AlertHistory(alert, first(prometheus, series.formatted("pending")), first(prometheus, series.formatted("firing")));
    }

    /** Whether it was ever pending or firing. */
    boolean seen() {
        return firstPending.isPresent() || firstFiring.isPresent();
    }

    /** Whether it fired, and was pending at an evaluation before it first fired. */
    boolean pendingBeforeFiring() {
        return firstPending.isPresent() && firstFiring.isPresent() && firstPending.getAsDouble() < firstFiring.getAsDouble();
    }

    private static OptionalDouble first(TestPrometheus prometheus, String rangeSelector) {
        return prometheus.series(rangeSelector).stream()
                .flatMap(series -> StreamSupport.stream(series.path("values").spliterator(), false))
                .mapToDouble(sample -> sample.get(0).asDouble()).min();
    }
}
