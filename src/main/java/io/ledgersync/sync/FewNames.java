package io.ledgersync.sync;

import java.util.List;
import java.util.stream.Collectors;

/**
 * How a refusal quotes names a caller sent (company ids, data sets): the first {@value #SHOWN}, each cut to
 * {@value #LONGEST} characters, and how many more there were. A request can name a million ids; its refusal must not
 * echo them (a 1.69 MB answer, and a log line as long). Thread-safe; the one home of that rule.
 */
public final class FewNames {

    static final int SHOWN = 5;
    static final int LONGEST = 64;

    private FewNames() {
    }

    /** {@code [a, b, c, d, e] and 7 more}, or {@code [a, b]} when there are no more. */
    public static String of(List<String> names) {
        String shown = names.stream().limit(SHOWN).map(FewNames::one).collect(Collectors.joining(", ", "[", "]"));
        return names.size() > SHOWN ? shown + " and " + (names.size() - SHOWN) + " more" : shown;
    }

    /** One name, cut to {@value #LONGEST} characters with "..." when it is longer. */
    public static String one(String name) {
        return name.length() > LONGEST ? name.substring(0, LONGEST) + "..." : name;
    }
}
