package io.ledgersync.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The shipped alert rules ({@code docker/prometheus/alerts.yml}) as a test's Prometheus loads them: every group, rule,
 * expression, label and annotation as shipped; only each rule's {@code for:} is {@link #HOLD}. Why that copy is
 * faithful: {@code for:} only says how many consecutive evaluations an expression must hold before its alert moves from
 * pending to firing, it never changes what the expression selects; a shipped hold of minutes becomes seconds, and a rule
 * shipped without one (it fires at its first true evaluation) gets the same few seconds, which only delays its firing
 * and is the one way to see Prometheus hold it as pending first. The thresholds inside the expressions (26 hours of
 * staleness, the {@code [1h]} and {@code [15m]} ranges of {@code increase}) stay as shipped: a range bounds how far back
 * {@code increase} looks, so an event shows at the first evaluation after its scrape and stays for the range, and a
 * fresh Prometheus with less history than the range reads what it has. {@link #differences} checks all of this.
 */
final class TestAlertRules {

    static final Path SHIPPED = Path.of("docker/prometheus/alerts.yml");

    /** The hold of every rule of the copy: a few evaluations at one a second, long enough to be seen pending. */
    static final Duration HOLD = Duration.ofSeconds(5);

    private static final Pattern PROMETHEUS_DURATION = Pattern.compile("(\\d+)(ms|s|m|h|d|w|y)");

    private TestAlertRules() {
    }

    static Map<String, Object> shipped() {
        return read(SHIPPED);
    }

    /** The shipped rules with every rule's {@code for:} set to {@link #HOLD}, nothing else changed. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> shortened(Map<String, Object> shipped) {
        Map<String, Object> copy = deepCopy(shipped);
        for (Map<String, Object> group : (List<Map<String, Object>>) copy.get("groups")) {
            for (Map<String, Object> rule : (List<Map<String, Object>>) group.get("rules")) {
                if (rule.containsKey("alert")) {
                    rule.put("for", HOLD.toSeconds() + "s");
                }
            }
        }
        return copy;
    }

    /** Writes the shortened copy of the shipped rules to {@code file} and returns it. */
    static Path writeShortened(Path file) {
        Map<String, Object> copy = shortened(shipped());
        List<String> unfaithful = differences(shipped(), copy);
        if (!unfaithful.isEmpty()) {
            throw new IllegalStateException("the test copy of " + SHIPPED + " is not faithful: " + unfaithful);
        }
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setWidth(Integer.MAX_VALUE);
        try {
            Files.writeString(file, new Yaml(options).dump(copy));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /**
     * What makes {@code copy} more than the shipped rules with shorter holds, one line each; empty when it is faithful:
     * the same groups and rules in the same order, each rule equal to its shipped self but for {@code for:}, and each
     * copied hold no longer than the shipped one (a rule shipped without one may get {@link #HOLD}).
     */
    @SuppressWarnings("unchecked")
    static List<String> differences(Map<String, Object> shipped, Map<String, Object> copy) {
        List<String> differences = new ArrayList<>();
        if (!withoutGroups(shipped).equals(withoutGroups(copy))) {
            differences.add("top-level keys other than groups differ");
        }
        List<Map<String, Object>> shippedGroups = (List<Map<String, Object>>) shipped.get("groups");
        List<Map<String, Object>> copiedGroups = (List<Map<String, Object>>) copy.get("groups");
        if (shippedGroups.size() != copiedGroups.size()) {
            differences.add(shippedGroups.size() + " groups shipped, " + copiedGroups.size() + " copied");
            return differences;
        }
        for (int g = 0; g < shippedGroups.size(); g++) {
            Map<String, Object> shippedGroup = shippedGroups.get(g);
            Map<String, Object> copiedGroup = copiedGroups.get(g);
            if (!withoutRules(shippedGroup).equals(withoutRules(copiedGroup))) {
                differences.add("group " + shippedGroup.get("name") + ": its settings differ");
            }
            List<Map<String, Object>> shippedRules = (List<Map<String, Object>>) shippedGroup.get("rules");
            List<Map<String, Object>> copiedRules = (List<Map<String, Object>>) copiedGroup.get("rules");
            if (shippedRules.size() != copiedRules.size()) {
                differences.add("group " + shippedGroup.get("name") + ": " + shippedRules.size() + " rules shipped, "
                        + copiedRules.size() + " copied");
                continue;
            }
            for (int r = 0; r < shippedRules.size(); r++) {
                differences.addAll(ruleDifferences(shippedRules.get(r), copiedRules.get(r)));
            }
        }
        return differences;
    }

    private static List<String> ruleDifferences(Map<String, Object> shipped, Map<String, Object> copy) {
        String name = String.valueOf(shipped.getOrDefault("alert", shipped.get("record")));
        List<String> differences = new ArrayList<>();
        Map<String, Object> shippedRest = new LinkedHashMap<>(shipped);
        Map<String, Object> copiedRest = new LinkedHashMap<>(copy);
        Object shippedHold = shippedRest.remove("for");
        Object copiedHold = copiedRest.remove("for");
        if (!shippedRest.equals(copiedRest)) {
            differences.add(name + ": more than its hold differs (" + shippedRest + " shipped, " + copiedRest + " copied)");
        }
        if (copiedHold != null && shippedHold != null && duration(copiedHold).compareTo(duration(shippedHold)) > 0) {
            differences.add(name + ": a hold of " + copiedHold + " is longer than the shipped " + shippedHold);
        }
        if (copiedHold != null && duration(copiedHold).compareTo(HOLD) > 0) {
            differences.add(name + ": a hold of " + copiedHold + " is longer than " + HOLD);
        }
        return differences;
    }

    /** A Prometheus duration such as {@code 10m} or {@code 1h30m}. */
    static Duration duration(Object text) {
        Matcher part = PROMETHEUS_DURATION.matcher(String.valueOf(text));
        Duration total = Duration.ZERO;
        int end = 0;
        while (part.find() && part.start() == end) {
            long amount = Long.parseLong(part.group(1));
            total = total.plus(switch (part.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                case "d" -> Duration.ofDays(amount);
                case "w" -> Duration.ofDays(7 * amount);
                default -> Duration.ofDays(365 * amount);
            });
            end = part.end();
        }
        if (end == 0 || end != String.valueOf(text).length()) {
            throw new IllegalArgumentException("not a Prometheus duration: " + text);
        }
        return total;
    }

    /** The names of the shipped alerts, in file order. */
    @SuppressWarnings("unchecked")
    static List<String> alertNames() {
        List<String> names = new ArrayList<>();
        for (Map<String, Object> group : (List<Map<String, Object>>) shipped().get("groups")) {
            for (Map<String, Object> rule : (List<Map<String, Object>>) group.get("rules")) {
                if (rule.containsKey("alert")) {
                    names.add(String.valueOf(rule.get("alert")));
                }
            }
        }
        return names;
    }

    private static Map<String, Object> withoutGroups(Map<String, Object> file) {
        Map<String, Object> rest = new LinkedHashMap<>(file);
        rest.remove("groups");
        return rest;
    }

    private static Map<String, Object> withoutRules(Map<String, Object> group) {
        Map<String, Object> rest = new LinkedHashMap<>(group);
        rest.remove("rules");
        return rest;
    }

    static Map<String, Object> read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return new Yaml().load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A copy through YAML itself: nested maps and lists, nothing shared with the original. */
    private static Map<String, Object> deepCopy(Map<String, Object> yaml) {
        Yaml copier = new Yaml();
        return copier.load(copier.dump(yaml));
    }
}
