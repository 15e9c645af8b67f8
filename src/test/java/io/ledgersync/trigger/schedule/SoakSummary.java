package io.ledgersync.trigger.schedule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a soak's nights add up to: medians by month (30 nights), requests against the minimum, the job repository
 * and the history (runs' and records', apart: {@link SoakHistory}) at a few nights; written as CSV (one line a night)
 * and a markdown summary for bench/BENCHMARKS.md.
 */
record SoakSummary(List<SoakNight> nights, double wallSeconds) {

    /** The median run time of nights {@code from} to {@code to} (1-based, inclusive). */
    double medianRunSeconds(int from, int to) {
        List<Double> times = new ArrayList<>(nights.subList(from - 1, to).stream().map(SoakNight::runSeconds).toList());
        times.sort(null);
        int n = times.size();
        return n % 2 == 1 ? times.get(n / 2) : (times.get(n / 2 - 1) + times.get(n / 2)) / 2;
    }

    /** The nights of the second month (31 to 60) against the last 30. */
    double lastMonthAgainstSecond() {
        return medianRunSeconds(nights.size() - 29, nights.size()) / medianRunSeconds(31, 60);
    }

    SoakNight night(int number) {
        return nights.get(number - 1);
    }

    long requests() {
        return nights.stream().mapToLong(SoakNight::requests).sum();
    }

    long minimumRequests() {
        return nights.stream().mapToLong(SoakNight::minimumRequests).sum();
    }

    void write(Path folder, String name) {
        try {
            Files.createDirectories(folder);
            List<String> lines = new ArrayList<>();
            lines.add(SoakNight.CSV_HEADER);
            nights.forEach(night -> lines.add(night.csv()));
            Files.write(folder.resolve(name + ".csv"), lines);
            Files.writeString(folder.resolve(name + ".md"), markdown(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String markdown(String name) {
        StringBuilder md = new StringBuilder();
        int count = nights.size();
        md.append("# Soak ").append(name).append("\n\n");
        md.append(String.format(Locale.ROOT, "| figure | value |%n|---|---|%n"));
        row(md, "nights", Integer.toString(count));
        row(md, "wall time", String.format(Locale.ROOT, "%.0f s", wallSeconds));
        row(md, "requests / minimum", String.format(Locale.ROOT, "%d / %d (%.3f)", requests(), minimumRequests(),
                (double) requests() / minimumRequests()));
        if (count >= 60) {
            row(md, "nightly run time, median of nights 31-60", String.format(Locale.ROOT, "%.3f s", medianRunSeconds(31, 60)));
            row(md, "nightly run time, median of the last 30 nights", String.format(Locale.ROOT, "%.3f s",
                    medianRunSeconds(count - 29, count)));
            row(md, "last month / second month", String.format(Locale.ROOT, "%.3f", lastMonthAgainstSecond()));
        }
        for (int at : java.util.stream.IntStream.of(1, 30, 91, count).distinct().toArray()) {
            if (at <= count) {
                SoakNight night = night(at);
                SoakHistory history = night.history();
                row(md, "night " + at + ": job repository rows, sync_reconciliation rows", night.jobRepositoryRows() + ", "
                        + history.reconciliationRows());
                row(md, "night " + at + ": record versions open, closed; live records (of them deleted at the source)",
                        String.format(Locale.ROOT, "%d, %d; %d (%d)", history.openVersions(), history.closedVersions(),
                                history.liveRecords(), history.sourceDeletedRecords()));
                row(md, "night " + at + ": history rows (sync_reconciliation + every _history table)",
                        Long.toString(night.historyRows()));
                row(md, "night " + at + ": database, heap after GC", String.format(Locale.ROOT, "%.1f MB, %.1f MB",
                        night.databaseBytes() / 1e6, night.heapAfterGc() / 1e6));
            }
        }
        return md.toString();
    }

    private static void row(StringBuilder md, String figure, String value) {
        md.append("| ").append(figure).append(" | ").append(value).append(" |\n");
    }
}
