package io.ledgersync.sync;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

/**
 * What one sync run covers: some or all data sets, for some or all companies, either all of them or
 * only the company data sets whose deferral is due; and whether it walks every data set whole (a full refresh).
 *
 * @param datasets the data set names; empty means all
 * @param companies the company ids whose data sets are read; empty means all
 * @param fullRefresh every company data set walked whole (and deletes marked), even one with a watermark; otherwise
 *     a company data set with a cursor and a watermark is read incrementally
 */
public record SyncRequest(Mode mode, List<String> datasets, List<String> companies, boolean fullRefresh) {

    /** The Spring Batch job every sync run is an execution of: the job repository and the run history know runs by it. */
    public static final String JOB_NAME = "sync";

    /** The kinds of run; at most one run of each kind is active at a time. */
    public enum Mode {
        /** Every selected data set: companies, then each company's data sets (incrementally where it can, see fullRefresh). */
        FULL,
        /** Only company data sets deferred by a 409 whose next attempt is due. */
        DEFERRED;

        public String lockName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final String MODE = "mode";
    /** The job parameter that tells the kinds of run apart: the history keeps the newest successful run of each. */
    public static final String KIND_PARAMETER = MODE;
    private static final String DATASETS = "datasets";
    /** The companies as one comma list: how runs before issue 17 named them; read so that such a run can be resumed. */
    private static final String LEGACY_COMPANIES = "companies";
    /**
     * Company ids are data, never names (issue 17): each goes in a job parameter of its own, {@code company.1} ...
     * {@code company.<n>} with {@code company.count}, so that any number of ids, and ids with a comma, fit the job
     * repository's parameters (each value at most {@value #MAX_PARAMETER_LENGTH} characters).
     */
    private static final String COMPANY_COUNT = "company.count";
    private static final String COMPANY = "company.";
    /** {@code BATCH_JOB_EXECUTION_PARAMS.PARAMETER_VALUE} is a varchar(2500). */
    static final int MAX_PARAMETER_LENGTH = 2500;
    private static final String LAUNCHED_AT = "launched.at";
    private static final String WALK = "walk";
    private static final String FULL_REFRESH = "full";

    public SyncRequest {
        datasets = List.copyOf(datasets);
        companies = List.copyOf(companies);
        for (String company : companies) {
            if (company.length() > MAX_PARAMETER_LENGTH) {
                throw new IllegalArgumentException("A company id of " + company.length() + " characters ('"
                        + company.substring(0, 40) + "...') is longer than a run can name (" + MAX_PARAMETER_LENGTH
                        + "): sync all companies instead of naming it");
            }
        }
    }

    /** Not a full refresh: incremental where a company data set can be. */
    public SyncRequest(Mode mode, List<String> datasets, List<String> companies) {
        this(mode, datasets, companies, false);
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

    /**
     * Parses comma-separated lists as given on the command line; blank means all. A company id that holds a comma
     * is given with the comma escaped, {@code --companies='acme\,eu,other'} (a backslash of an id is {@code \\}).
     */
    public static SyncRequest of(String datasets, String companies) {
        return new SyncRequest(Mode.FULL, split(datasets), splitEscaped(companies));
    }

    public SyncRequest withMode(Mode newMode) {
        return new SyncRequest(newMode, datasets, companies, fullRefresh);
    }

    /** The same request walking every data set whole, marking what the source no longer has. */
    public SyncRequest withFullRefresh() {
        return new SyncRequest(mode, datasets, companies, true);
    }

    public boolean includesDataSet(String name) {
        return datasets.isEmpty() || datasets.contains(name);
    }

    public boolean includesCompany(String id) {
        return companies.isEmpty() || companies.contains(id);
    }

    public JobParameters toJobParameters(long launchedAt) {
        JobParametersBuilder parameters = new JobParametersBuilder()
                .addString(MODE, mode.name())
                .addString(DATASETS, String.join(",", datasets))
                .addString(WALK, fullRefresh ? FULL_REFRESH : "incremental")
                .addLong(COMPANY_COUNT, (long) companies.size());
        for (int i = 0; i < companies.size(); i++) {
            parameters.addString(COMPANY + (i + 1), companies.get(i));
        }
        return parameters.addLong(LAUNCHED_AT, launchedAt).toJobParameters();
    }

    public static SyncRequest from(JobParameters parameters) {
        String mode = parameters.getString(MODE);
        return new SyncRequest(mode == null ? Mode.FULL : Mode.valueOf(mode), split(parameters.getString(DATASETS)),
                companies(parameters), FULL_REFRESH.equals(parameters.getString(WALK)));
    }

    private static List<String> companies(JobParameters parameters) {
        Long count = parameters.getLong(COMPANY_COUNT);
        if (count == null) {
            return split(parameters.getString(LEGACY_COMPANIES));
        }
        List<String> companies = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            companies.add(parameters.getString(COMPANY + i));
        }
        return companies;
    }

    /** The launch time that identifies a run's job instance; -1 when the parameters have none. */
    public static long launchedAt(JobParameters parameters) {
        Long launchedAt = parameters.getLong(LAUNCHED_AT);
        return launchedAt == null ? -1 : launchedAt;
    }

    /** Splits at commas not escaped by a backslash: {@code \,} is a comma of the id, {@code \\} a backslash. */
    private static List<String> splitEscaped(String list) {
        if (list == null || list.isBlank()) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        StringBuilder id = new StringBuilder();
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '\\' && i + 1 < list.length() && (list.charAt(i + 1) == ',' || list.charAt(i + 1) == '\\')) {
                id.append(list.charAt(++i));
            } else if (c == ',') {
                ids.add(id.toString().strip());
                id.setLength(0);
            } else {
                id.append(c);
            }
        }
        ids.add(id.toString().strip());
        return ids.stream().filter(s -> !s.isEmpty()).distinct().toList();
    }

    private static List<String> split(String list) {
        if (list == null || list.isBlank()) {
            return List.of();
        }
        return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).distinct().toList();
    }
}
