package io.ledgersync.trigger.cli;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import io.ledgersync.sync.SyncCommand;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.SyncRequest.Kind;
import io.ledgersync.sync.dataset.DataSetNames;

/**
 * The options of {@code sync} ({@code --datasets=a,b}, {@code --companies=id1,id2}, {@code --deferred}, {@code --full},
 * {@code --accept-deletes} with {@code --full}, settings as {@code --key=value}; their names are {@link SyncCommand}'s,
 * which writes a request back as its command; and {@code --json}, how the summary is printed) and the request they make: one set of rules for the check before the application starts
 * ({@link #preflight}) and for {@link CommandLineSync}, which runs the request. Whether named companies exist is
 * the warehouse's to say, after the start ({@code CompanySelection}). Immutable.
 */
public final class SyncOptions {

    static final String DATASETS = SyncCommand.DATASETS;
    static final String COMPANIES = SyncCommand.COMPANIES;
    static final String ACCEPT_DELETES = SyncCommand.ACCEPT_DELETES;
    /** The flags of the kinds of run but the default, incremental: {@code --deferred}, {@code --full}. */
    static final String DEFERRED = Kind.DEFERRED.word();
    static final String FULL = Kind.FULL.word();
    /** The summary as one JSON document ({@link SyncSummaryJson}) instead of text: how it is printed, not what runs. */
    static final String JSON = "json";

    private static final String USAGE = "sync takes --datasets=a,b, --companies=id1,id2, --" + DEFERRED + ", --" + FULL
            + ", --" + ACCEPT_DELETES + ", --" + JSON + " and settings as --key=value";
    private static final String DATASETS_SETTING = "ledgersync.sync.datasets";

    private final SyncRequest request;
    private final boolean json;

    private SyncOptions(SyncRequest request, boolean json) {
        this.request = request;
        this.json = json;
    }

    /**
     * @throws UsageException for an unknown option, an option without its value, a value where none belongs, or options
     *     that exclude each other
     */
    public static SyncOptions parse(List<String> args) {
        CommandOptions options = CommandOptions.parse("sync", args, Set.of(DATASETS, COMPANIES, DEFERRED, FULL, ACCEPT_DELETES, JSON),
                USAGE);
        SyncRequest request = SyncRequest.of(options.value(DATASETS, "invoices,customers").orElse(null),
                options.value(COMPANIES, "<company id>").orElse(null));
        if (options.flag(DEFERRED) && options.flag(FULL)) {
            throw new UsageException("sync: --" + DEFERRED + " and --" + FULL + " exclude each other: a " + Kind.DEFERRED.phrase()
                    + " run reads only what is due, a " + Kind.FULL.phrase() + " reads everything; give one");
        }
        Kind kind = options.flag(DEFERRED) ? Kind.DEFERRED : options.flag(FULL) ? Kind.FULL : Kind.INCREMENTAL;
        if (!options.flag(ACCEPT_DELETES)) {
            return new SyncOptions(request.withKind(kind), options.flag(JSON));
        }
        if (kind != Kind.FULL) {
            throw new UsageException("sync: --" + ACCEPT_DELETES + " needs --" + FULL + ": only a " + Kind.FULL.phrase()
                    + " marks deletes (the option lets it mark more than ledgersync.sync.deletes.max-fraction)");
        }
        return new SyncOptions(request.withKind(kind).acceptingDeletes(), options.flag(JSON));
    }

    /**
     * Parses the options, then checks the data sets they name against the {@code jobs/*.yml} files that
     * {@code ledgersync.sync.datasets} points at, read the way the application will read it (command line,
     * environment, config files: {@link ConfiguredSetting}), without starting it. When that cannot be told here, or
     * the files cannot be read ({@link DataSetNames#read}), the names are left to the start, which checks them again.
     *
     * @throws UsageException naming the option or the data set at fault
     */
    public static SyncOptions preflight(String[] args) {
        SyncOptions options = parse(List.of(args));
        preflight("sync", options.request, args); // reading the files costs more than the rest: only when data sets are named
        return options;
    }

    /**
     * Checks the request with the rules of the data set names ({@link DataSetNames#check}, as the files read before the
     * start or the loaded catalog apply them); the one home of how a refusal reads.
     *
     * @throws UsageException for a data set no file declares, or one a deferred run cannot read
     */
    SyncOptions check(Consumer<SyncRequest> dataSets) {
        check("sync", request, dataSets);
        return this;
    }

    /**
     * The check of {@link #preflight} for any command whose options name data sets as a run's do ({@code reset}).
     *
     * @throws UsageException for a data set no file declares, or one the request's kind of run cannot read
     */
    static void preflight(String command, SyncRequest request, String[] args) {
        if (!request.datasets().isEmpty()) {
            dataSetNames(args).ifPresent(names -> check(command, request, names::check));
        }
    }

    private static void check(String command, SyncRequest request, Consumer<SyncRequest> dataSets) {
        try {
            dataSets.accept(request);
        } catch (IllegalArgumentException e) {
            throw new UsageException(command + ": " + e.getMessage());
        }
    }

    /** The request the options make. */
    public SyncRequest request() {
        return request;
    }

    /** Whether the summary is printed as JSON ({@code --json}). */
    public boolean json() {
        return json;
    }

    private static Optional<DataSetNames> dataSetNames(String[] args) {
        return ConfiguredSetting.of(DATASETS_SETTING, args, System.getenv()).flatMap(DataSetNames::read);
    }
}
