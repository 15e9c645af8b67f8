package io.ledgersync.metrics;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression reads, as they must appear in a scrape: what is left once
 * strings, label matchers, ranges, grouping label lists, Grafana variables, functions, keywords
 * and numbers are taken out. Also reads Grafana's {@code label_values(metric, label)} variable queries.
 */
final class PromQlMetricNames {

    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`");
    /** Grafana's {@code label_values(metric, label)}: only the first argument is a selector. */
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\s*\\(([^,)]*)(,[^)]*)?\\)");
    private static final Pattern GRAFANA_VARIABLE = Pattern.compile("\\$\\{[^}]*}|\\$\\w+|\\[\\[\\w+]]");
    private static final Pattern LABEL_MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGE = Pattern.compile("\\[[^\\]]*]");
    private static final Pattern LABEL_LIST = Pattern.compile(
            "\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", Pattern.CASE_INSENSITIVE);
    private static final Pattern TOKEN = Pattern.compile("[0-9][0-9a-zA-Z_.]*|[a-zA-Z_:][a-zA-Z0-9_:]*(\\s*\\()?");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "by", "without", "on", "ignoring",
            "group_left", "group_right", "offset", "bool", "inf", "nan", "atan2", "start", "end");

    private PromQlMetricNames() {
    }

    static Set<String> in(String expression) {
        String rest = STRING.matcher(expression).replaceAll(" ");
        rest = GRAFANA_VARIABLE.matcher(rest).replaceAll("1m");
        rest = LABEL_MATCHERS.matcher(rest).replaceAll(" ");
        rest = LABEL_VALUES.matcher(rest).replaceAll(" $1 ");
        rest = RANGE.matcher(rest).replaceAll(" ");
        rest = LABEL_LIST.matcher(rest).replaceAll(" ");
        Set<String> names = new LinkedHashSet<>();
        Matcher token = TOKEN.matcher(rest);
        while (token.find()) {
            String text = token.group();
            boolean number = Character.isDigit(text.charAt(0));
            boolean function = token.group(1) != null;
            if (!number && !function && !KEYWORDS.contains(text.toLowerCase(java.util.Locale.ROOT))) {
                names.add(text);
            }
        }
        return names;
    }
}
