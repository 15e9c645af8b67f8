package io.ledgersync.sync;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

/**
 * What one sync run covers: some or all data sets, for some or all companies, either in full or
 * only the company data sets whose deferral is due.
 *
 * @param datasets the data set names; empty means all
 * @param companies the company ids whose data sets are read; empty means all
 */
public record SyncRequest(Mode mode, List<String> datasets, List<String> companies) {

    /** The kinds of run; at most one run of each kind is active at a time. */
    public enum Mode {
        /** Every selected data set: companies, then each company's data sets. */
        FULL,
        /** Only company data sets deferred by a 409 whose next attempt is due. */
        DEFERRED;

        String lockName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final String MODE = "mode";
    /** The job parameter that tells the kinds of run apart: the history keeps the newest successful run of each. */
    static final String KIND_PARAMETER = MODE;
    private static final String DATASETS = "datasets";
    private static final String COMPANIES = "companies";
    private static final String LAUNCHED_AT = "launched.at";

    public SyncRequest {
        datasets = List.copyOf(datasets);
        companies = List.copyOf(companies);
    }

    public SyncRequest(List<String> datasets, List<String> companies) {
        this(Mode.FULL, datasets, companies);
    }

    /** Every data set of every company. */
    public static SyncRequest everything() {
        return new SyncRequest(Mode.FULL, List.of(), List.of());
    }

    /** Every deferred company data set that is due. */
    public static SyncRequest deferred() {
        return new SyncRequest(Mode.DEFERRED, List.of(), List.of());
    }

    /** Parses comma-separated lists as given on the command line or in a request; blank means all. */
    public static SyncRequest of(String datasets, String companies) {
        return new SyncRequest(Mode.FULL, split(datasets), split(companies));
    }

    public SyncRequest withMode(Mode newMode) {
        return new SyncRequest(newMode, datasets, companies);
    }

    boolean includesDataSet(String name) {
        return datasets.isEmpty() || datasets.contains(name);
    }

    boolean includesCompany(String id) {
        return companies.isEmpty() || companies.contains(id);
    }

    JobParameters toJobParameters(long launchedAt) {
        return new JobParametersBuilder()
                .addString(MODE, mode.name())
                .addString(DATASETS, String.join(",", datasets))
                .addString(COMPANIES, String.join(",", companies))
                .addLong(LAUNCHED_AT, launchedAt)
                .toJobParameters();
    }

    static SyncRequest from(JobParameters parameters) {
        String mode = parameters.getString(MODE);
        return new SyncRequest(mode == null ? Mode.FULL : Mode.valueOf(mode), split(parameters.getString(DATASETS)),
                split(parameters.getString(COMPANIES)));
    }

    /** The launch time that identifies a run's job instance; -1 when the parameters have none. */
    static long launchedAt(JobParameters parameters) {
        Long launchedAt = parameters.getLong(LAUNCHED_AT);
        return launchedAt == null ? -1 : launchedAt;
    }

    private static List<String> split(String list) {
        if (list == null || list.isBlank()) {
            return List.of();
        }
        return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).distinct().toList();
    }
}
