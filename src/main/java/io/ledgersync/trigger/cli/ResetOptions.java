package io.ledgersync.trigger.cli;

import java.util.List;
import java.util.Set;

import io.ledgersync.sync.SyncCommand;
import io.ledgersync.sync.SyncRequest;

/**
 * The options of {@code reset}: {@code --datasets=a,b} (required) and {@code --companies=id1,id2} name the company data
 * sets as {@code sync}'s options do, and the same rules check them; {@code --yes} confirms. Immutable.
 *
 * @param request the data sets and companies whose watermarks to clear
 * @param yes the reset is confirmed; without it the command only says what it would reset
 */
public record ResetOptions(SyncRequest request, boolean yes) {

    static final String YES = "yes";
    private static final String USAGE = "reset takes --datasets=a,b (required), --companies=id1,id2, --yes and settings as"
            + " --key=value";

    /** @throws UsageException for an unknown option, a missing --datasets, or a value where none belongs */
    static ResetOptions parse(List<String> args) {
        CommandOptions options = CommandOptions.parse("reset", args, Set.of(SyncCommand.DATASETS, SyncCommand.COMPANIES, YES),
                USAGE);
        String datasets = options.value(SyncCommand.DATASETS, "invoices").orElseThrow(() -> new UsageException("reset: name the"
                + " data sets whose watermarks to reset with --" + SyncCommand.DATASETS + ", e.g. --" + SyncCommand.DATASETS
                + "=invoices"));
        return new ResetOptions(SyncRequest.of(datasets, options.value(SyncCommand.COMPANIES, "<company id>").orElse(null)),
                options.flag(YES));
    }

    /**
     * Parses the options and checks the data sets they name against the data set files, before the application starts,
     * as {@link SyncOptions#preflight} does.
     *
     * @throws UsageException naming the option or the data set at fault
     */
    public static ResetOptions preflight(String[] args) {
        ResetOptions options = parse(List.of(args));
        SyncOptions.preflight("reset", options.request, args);
        return options;
    }
}
