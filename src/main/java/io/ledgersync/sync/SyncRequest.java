package io.ledgersync.sync;

import java.util.Arrays;
import java.util.List;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

/**
 * What one sync run covers: some or all data sets, for some or all companies.
 *
 * @param datasets the data set names; empty means all
 * @param companies the company ids whose data sets are read; empty means all
 */
public record SyncRequest(List<String> datasets, List<String> companies) {

    static final String DATASETS = "datasets";
    static final String COMPANIES = "companies";
    static final String LAUNCHED_AT = "launched.at";

    public SyncRequest {
        datasets = List.copyOf(datasets);
        companies = List.copyOf(companies);
    }

    /** Every data set of every company. */
    public static SyncRequest everything() {
        return new SyncRequest(List.of(), List.of());
    }

    /** Parses comma-separated lists as given on the command line or in a request; blank means all. */
    public static SyncRequest of(String datasets, String companies) {
        return new SyncRequest(split(datasets), split(companies));
    }

    boolean includesDataSet(String name) {
        return datasets.isEmpty() || datasets.contains(name);
    }

    boolean includesCompany(String id) {
        return companies.isEmpty() || companies.contains(id);
    }

    JobParameters toJobParameters(long launchedAt) {
        return new JobParametersBuilder()
                .addString(DATASETS, String.join(",", datasets))
                .addString(COMPANIES, String.join(",", companies))
                .addLong(LAUNCHED_AT, launchedAt)
                .toJobParameters();
    }

    static SyncRequest from(JobParameters parameters) {
        return of(parameters.getString(DATASETS), parameters.getString(COMPANIES));
    }

    private static List<String> split(String list) {
        if (list == null || list.isBlank()) {
            return List.of();
        }
        return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).distinct().toList();
    }
}
