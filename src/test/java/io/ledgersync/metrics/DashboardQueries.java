package io.ledgersync.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The PromQL of the shipped Grafana dashboards ({@code grafana/dashboards/*.json}), each keyed by where it is: every
 * query of every panel (collapsed rows included) and every templating variable's query.
 */
final class DashboardQueries {

    static final Path DASHBOARDS = Path.of("grafana/dashboards");

    private DashboardQueries() {
    }

    /** Every panel's queries, as {@code "<file> panel '<title>' query <refId>"} → expression. */
    static Map<String, String> panels() {
        Map<String, String> expressions = new LinkedHashMap<>();
        for (Path file : files()) {
            List<JsonNode> panels = new ArrayList<>();
            collectPanels(read(file).path("panels"), panels);
            assertThat(panels).as("panels of %s", file).isNotEmpty();
            for (JsonNode panel : panels) {
                String where = file.getFileName() + " panel '" + panel.path("title").asString() + "'";
                int queries = 0;
                for (JsonNode target : panel.path("targets")) {
                    String expression = target.path("expr").asString("");
                    assertThat(expression).as("%s has a target without a query", where).isNotBlank();
                    expressions.put(where + " query " + target.path("refId").asString(), expression);
                    queries++;
                }
                assertThat(queries).as("%s has no query", where).isPositive();
            }
        }
        return expressions;
    }

    /** Every templating variable's query (Grafana's, e.g. {@code label_values(metric, label)}), as {@code "<file> variable $<name>"}. */
    static Map<String, String> variables() {
        Map<String, String> expressions = new LinkedHashMap<>();
        for (Path file : files()) {
            for (JsonNode variable : read(file).path("templating").path("list")) {
                if (variable.path("type").asString("").equals("query")) {
                    JsonNode query = variable.path("query");
                    expressions.put(file.getFileName() + " variable $" + variable.path("name").asString(),
                            query.isObject() ? query.path("query").asString() : query.asString());
                }
            }
        }
        return expressions;
    }

    /** The panels' queries, then the variables'. */
    static Map<String, String> all() {
        Map<String, String> expressions = new LinkedHashMap<>(panels());
        expressions.putAll(variables());
        return expressions;
    }

    private static List<Path> files() {
        try (Stream<Path> listing = Files.list(DASHBOARDS)) {
            List<Path> files = listing.filter(file -> file.toString().endsWith(".json")).sorted().toList();
            assertThat(files).as("dashboards").isNotEmpty();
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode read(Path file) {
        return JsonMapper.builder().build().readTree(file.toFile());
    }

    private static void collectPanels(JsonNode panels, List<JsonNode> into) {
        for (JsonNode panel : panels) {
            if (panel.path("type").asString("").equals("row")) {
                collectPanels(panel.path("panels"), into); // a collapsed row holds its panels
            } else {
                into.add(panel);
            }
        }
    }
}
