package io.ledgersync.trigger.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.ledgersync.sync.run.RunsPage;

/**
 * The options of the commands that report what the warehouse holds: {@code status [--json]} and
 * {@code runs [--last N] [--json]} ({@code --last=N} too). Immutable.
 *
 * @param last how many runs, newest first; 0 for status
 */
public record ReportOptions(boolean json, int last) {

    static final String JSON = "json";
    static final String LAST = "last";
    static final int DEFAULT_LAST = 10;

    /** @throws UsageException for an unknown option, or a --last that is not 1 to {@value RunsPage#MAX_SIZE} */
    public static ReportOptions status(List<String> args) {
        return new ReportOptions(CommandOptions.parse("status", args, Set.of(JSON), "status takes --json and settings as --key=value")
                .flag(JSON), 0);
    }

    /** @throws UsageException for an unknown option, or a --last that is not 1 to {@value RunsPage#MAX_SIZE} */
    public static ReportOptions runs(List<String> args) {
        CommandOptions options = CommandOptions.parse("runs", joinLast(args), Set.of(JSON, LAST),
                "runs takes --last=N, --json and settings as --key=value");
        String last = options.value(LAST, "5").orElse(String.valueOf(DEFAULT_LAST));
        int count;
        try {
            count = Integer.parseInt(last.strip());
        } catch (NumberFormatException e) {
            count = 0;
        }
        if (count < 1 || count > RunsPage.MAX_SIZE) {
            throw new UsageException("runs: --last=" + last + " is not a number of runs: give 1 to " + RunsPage.MAX_SIZE
                    + ", e.g. --last=5");
        }
        return new ReportOptions(options.flag(JSON), count);
    }

    /** {@code --last 5} as {@code --last=5}: how people type it after other tools. */
    private static List<String> joinLast(List<String> args) {
        List<String> joined = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            boolean valueFollows = args.get(i).equals("--" + LAST) && i + 1 < args.size() && !args.get(i + 1).startsWith("--");
            joined.add(valueFollows ? "--" + LAST + "=" + args.get(++i) : args.get(i));
        }
        return joined;
    }
}
