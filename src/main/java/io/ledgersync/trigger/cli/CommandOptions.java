package io.ledgersync.trigger.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The options of one command as given, {@code --name} or {@code --name=value}, checked against what the command
 * takes before anything starts, so that a typo costs a second instead of a start of the application. A name with a
 * dot ({@code --ledgersync.api.page-size=500}) sets a setting and is Spring Boot's, as are its switches
 * {@code --debug} and {@code --trace}. Immutable.
 */
public final class CommandOptions {

    private static final Set<String> BOOT_SWITCHES = Set.of("debug", "trace");

    private final String command;
    private final Map<String, List<String>> given;

    private CommandOptions(String command, Map<String, List<String>> given) {
        this.command = command;
        this.given = given;
    }

    /**
     * @param options the names the command takes, besides settings
     * @param usage what the command takes, in words, for the message that refuses anything else
     * @throws UsageException for an argument that is not an option, or an option the command does not take
     */
    public static CommandOptions parse(String command, List<String> args, Set<String> options, String usage) {
        Map<String, List<String>> given = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || arg.length() == 2 || arg.startsWith("--=")) {
                throw new UsageException(command + ": unexpected argument '" + arg + "': " + usage);
            }
            int equals = arg.indexOf('=');
            String name = equals < 0 ? arg.substring(2) : arg.substring(2, equals);
            if (name.contains(".") || BOOT_SWITCHES.contains(name)) {
                continue; // a setting, bound by Spring Boot, which says which one is wrong if it is
            }
            if (!options.contains(name)) {
                throw new UsageException(command + ": unknown option --" + name + suggestion(name, options) + ": " + usage);
            }
            given.computeIfAbsent(name, key -> new ArrayList<>()).add(equals < 0 ? null : arg.substring(equals + 1));
        }
        return new CommandOptions(command, given);
    }

    /**
     * The value of {@code --name=value}, several given joined with commas as Spring Boot joins them.
     *
     * @throws UsageException when the option is given without a value
     */
    public Optional<String> value(String name, String example) {
        List<String> values = given.get(name);
        if (values == null) {
            return Optional.empty();
        }
        if (values.stream().anyMatch(value -> value == null || value.replace(",", "").isBlank())) {
            throw new UsageException(command + ": --" + name + " needs a value, e.g. --" + name + "=" + example);
        }
        return Optional.of(String.join(",", values));
    }

    /**
     * The value of an option that names one thing ({@code --rebuild=<data set>}): given twice is
     * refused, not joined into a name that means neither.
     *
     * @throws UsageException when the option is given twice, or without a value
     */
    public Optional<String> one(String name, String example) {
        List<String> values = given.get(name);
        if (values != null && values.size() > 1) {
            throw new UsageException(command + ": --" + name + " is given " + values.size() + " times ("
                    + String.join(", ", values.stream().map(String::valueOf).toList()) + "): give it once, e.g. --" + name
                    + "=" + example);
        }
        return value(name, example);
    }

    /**
     * Whether the switch {@code --name} was given.
     *
     * @throws UsageException when it was given a value
     */
    public boolean flag(String name) {
        List<String> values = given.get(name);
        if (values != null && values.stream().anyMatch(value -> value != null)) {
            throw new UsageException(command + ": --" + name + " takes no value");
        }
        return values != null;
    }

    /** A known option one or two edits away from a mistyped one, e.g. --dataset for --datasets. */
    private static String suggestion(String name, Set<String> options) {
        return options.stream().filter(option -> distance(option, name) <= 2).sorted().findFirst()
                .map(option -> " (did you mean --" + option + "?)").orElse("");
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int[] current = new int[b.length() + 1];
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            previous = current;
        }
        return previous[b.length()];
    }
}
