package io.ledgersync.sync;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

/**
 * What one sync run covers: some or all data sets, for some or all companies, and which kind of run reads them.
 *
 * @param kind incremental, a full refresh, or only the deferrals that are due
 * @param datasets the data set names; empty means all
 * @param companies the company ids whose data sets are read; empty means all
 * @param acceptDeletes a full refresh that marks deleted what its complete walks did not find, even more than
 *     {@code ledgersync.sync.deletes.max-fraction} of a company data set's rows: the one-run override of that safety
 *     bound, for someone who has looked and found that the source really lost them
 */
public record SyncRequest(Kind kind, List<String> datasets, List<String> companies, boolean acceptDeletes) {

    /** The Spring Batch job every sync run is an execution of: the job repository and the run history know runs by it. */
    public static final String JOB_NAME = "sync";

    /**
     * The kinds of run, each with the word a user gives and reads for it (the REST API's {@code mode} in a POST and in
     * a run, the command line's flag, the metrics' {@code mode} tag, the log). An incremental run and a full refresh both read every company data set, so they exclude each other:
     * they were one mode, {@code FULL}, with a flag for the full refresh, before the kinds were one enum, and what was
     * named by that mode still is ({@link #mode}).
     */
    public enum Kind {
        /** Every selected data set: companies, then each company's data sets, from its watermark where it has one. */
        INCREMENTAL("incremental", "incremental"),
        /** A full refresh: every selected data set walked whole, even one with a watermark, and deletes marked. */
        FULL("full", "full refresh"),
        /** Only company data sets deferred by a 409 whose next attempt is due. */
        DEFERRED("deferred", "deferred");

        private final String word;
        private final String phrase;

        Kind(String word, String phrase) {
            this.word = word;
            this.phrase = phrase;
        }

        /** The word a user gives and reads: the REST API's {@code mode}, the command line's {@code --<word>}. */
        public String word() {
            return word;
        }

        /** How a log line names a run of this kind. */
        public String phrase() {
            return phrase;
        }

        /**
         * {@code FULL} or {@code DEFERRED}: the mode a run of this kind was before the kinds were one enum, kept only
         * where it is stored. The job repository keeps it (job parameter {@code mode}: the history keeps the newest
         * successful run of each) and locks are named by it ({@link #lockName}), so that runs and locks from before read
         * the same. What users read (the REST API's {@code request.mode}, the metrics' {@code mode} tag, the log) says
         * {@link #word}.
         */
        public String mode() {
            return (this == DEFERRED ? DEFERRED : FULL).name();
        }

        /**
         * The lock a run of this kind holds from start to end: at most one run of each lock is active at a time. An
         * incremental run and a full refresh share one: both write every company data set's rows and watermark.
         */
        public String lockName() {
            return mode().toLowerCase(Locale.ROOT);
        }

        /** How a message names the runs that share this kind's lock: {@code incremental or full}, {@code deferred}. */
        public String lockPhrase() {
            return this == DEFERRED ? word : INCREMENTAL.word + " or " + FULL.word;
        }

        /** The kind whose word this is, ignoring case and surrounding blanks. */
        public static Optional<Kind> ofWord(String word) {
            String given = word.strip().toLowerCase(Locale.ROOT);
            return Arrays.stream(values()).filter(kind -> kind.word.equals(given)).findFirst();
        }
    }

    /** The job parameter of a run's {@link Kind#mode}: the history keeps the newest successful run of each. */
    public static final String KIND_PARAMETER = "mode";
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
    /** The job parameter that tells a full refresh ({@code full}) from an incremental run within the mode FULL. */
    private static final String WALK = "walk";
    private static final String WALK_WHOLE = "full";
    private static final String WALK_INCREMENTAL = "incremental";
    /**
     * The job parameter of {@link #acceptDeletes}, identifying: a run that overrides the safety bound does something
     * else than one that does not, so neither resumes the other. Written only when set, so that the parameters of
     * every other run are what they were before the override existed.
     */
    private static final String ACCEPT_DELETES = "deletes.accepted";

    public SyncRequest {
        if (acceptDeletes && kind != Kind.FULL) {
            throw new IllegalArgumentException("Only a full refresh marks deletes, so only it can accept more than"
                    + " ledgersync.sync.deletes.max-fraction of them: a " + kind.phrase() + " run cannot");
        }
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

    /** A run that keeps to the safety bound of deletes. */
    public SyncRequest(Kind kind, List<String> datasets, List<String> companies) {
        this(kind, datasets, companies, false);
    }

    /** An incremental run. */
    public SyncRequest(List<String> datasets, List<String> companies) {
        this(Kind.INCREMENTAL, datasets, companies);
    }

    /** Every data set of every company, incrementally. */
    public static SyncRequest everything() {
        return new SyncRequest(Kind.INCREMENTAL, List.of(), List.of());
    }

    /** Every deferred company data set that is due. */
    public static SyncRequest deferred() {
        return new SyncRequest(Kind.DEFERRED, List.of(), List.of());
    }

    /**
     * Parses comma-separated lists as given on the command line; blank means all. A company id that holds a comma
     * is given with the comma escaped ({@link SyncCommand#companies}).
     */
    public static SyncRequest of(String datasets, String companies) {
        return new SyncRequest(Kind.INCREMENTAL, split(datasets), SyncCommand.companies(companies));
    }

    public SyncRequest withKind(Kind newKind) {
        return new SyncRequest(newKind, datasets, companies, acceptDeletes);
    }

    /** The same request as a full refresh: every data set walked whole, what the source no longer has marked deleted. */
    public SyncRequest withFullRefresh() {
        return withKind(Kind.FULL);
    }

    /**
     * The same full refresh marking every delete its complete walks find, beyond the safety bound ({@link #acceptDeletes}).
     *
     * @throws IllegalArgumentException when this is not a full refresh
     */
    public SyncRequest acceptingDeletes() {
        return new SyncRequest(kind, datasets, companies, true);
    }

    public boolean includesDataSet(String name) {
        return datasets.isEmpty() || datasets.contains(name);
    }

    public boolean includesCompany(String id) {
        return companies.isEmpty() || companies.contains(id);
    }

    public JobParameters toJobParameters(long launchedAt) {
        JobParametersBuilder parameters = new JobParametersBuilder()
                .addString(KIND_PARAMETER, kind.mode())
                .addString(DATASETS, String.join(",", datasets))
                .addString(WALK, kind == Kind.FULL ? WALK_WHOLE : WALK_INCREMENTAL)
                .addLong(COMPANY_COUNT, (long) companies.size());
        for (int i = 0; i < companies.size(); i++) {
            parameters.addString(COMPANY + (i + 1), companies.get(i));
        }
        if (acceptDeletes) {
            parameters.addString(ACCEPT_DELETES, Boolean.TRUE.toString());
        }
        return parameters.addLong(LAUNCHED_AT, launchedAt).toJobParameters();
    }

    /**
     * The request of a run, as {@link #toJobParameters} wrote it, or as earlier versions did: without a mode (the
     * first ones) a run was of everything, and a deferred run that said {@code walk=full} (no trigger asked for one) is
     * read as deferred; a run from before {@link #acceptDeletes} kept to the safety bound.
     *
     * @throws IllegalArgumentException for a mode no version wrote
     */
    public static SyncRequest from(JobParameters parameters) {
        return new SyncRequest(kind(parameters), split(parameters.getString(DATASETS)), companies(parameters),
                Boolean.parseBoolean(parameters.getString(ACCEPT_DELETES)));
    }

    private static Kind kind(JobParameters parameters) {
        String mode = parameters.getString(KIND_PARAMETER);
        if (Kind.DEFERRED.mode().equals(mode)) {
            return Kind.DEFERRED;
        }
        if (mode != null && !Kind.FULL.mode().equals(mode)) {
            throw new IllegalArgumentException("Unknown mode '" + mode + "' in the run's job parameters");
        }
        return WALK_WHOLE.equals(parameters.getString(WALK)) ? Kind.FULL : Kind.INCREMENTAL;
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

    private static List<String> split(String list) {
        if (list == null || list.isBlank()) {
            return List.of();
        }
        return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).distinct().toList();
    }
}
