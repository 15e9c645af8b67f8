package io.ledgersync.sync.dataset;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Reads the values at a set of dotted field paths ({@code "customerRef.id"}) from a record in one streaming pass:
 * only the values asked for become (small) trees; everything else is skipped token by token. A record's whole tree
 * costs about five times its text in memory and most of a mapping's time (bench/BENCHMARKS.md, issue 7). What a path
 * reaches is what {@code JsonNode.path(...)} would reach on the whole tree: the last of repeated fields, a missing
 * node where the path leads nowhere (or through an array). Thread-safe.
 */
public final class FieldPaths {

    /** One step of the paths: which paths end here and which go on, by field name. */
    private static final class Step {
        final Map<String, Step> next = new HashMap<>();
        /** Whether a path ends at this step (it may also go on). */
        boolean pathEnds;
        /** Indexes of the paths that end at or below this step. */
        int[] below = new int[0];
        /** How many parts of a path lead here. */
        final int depth;

        Step(int depth) {
            this.depth = depth;
        }
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String[][] paths;
    private final Step root = new Step(0);

    /** @param paths dotted field paths; a null entry is a path that reads nothing (its value stays missing) */
    public FieldPaths(List<String> paths) {
        this.paths = paths.stream().map(path -> path == null ? null : path.split("\\.")).toArray(String[][]::new);
        for (int index = 0; index < this.paths.length; index++) {
            if (this.paths[index] == null) {
                continue;
            }
            Step step = root;
            for (String part : this.paths[index]) {
                int depth = step.depth + 1;
                step = step.next.computeIfAbsent(part, name -> new Step(depth));
                step.below = append(step.below, index);
            }
            step.pathEnds = true;
        }
    }

    /** The value at each path, in the order of the paths: a missing node where there is none. */
    public JsonNode[] read(JsonParser parser) {
        JsonNode[] values = new JsonNode[paths.length];
        Arrays.fill(values, MissingNode.getInstance());
        if (parser.nextToken() == JsonToken.START_OBJECT) {
            readObject(parser, root, values);
        }
        return values;
    }

    /** The parser is at the start of an object whose fields are the steps after {@code step}. */
    private void readObject(JsonParser parser, Step step, JsonNode[] values) {
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            Step next = step.next.get(parser.currentName());
            JsonToken token = parser.nextToken();
            if (next == null) {
                parser.skipChildren();
                continue;
            }
            // a repeated field replaces what an earlier one held, as on a tree
            for (int index : next.below) {
                values[index] = MissingNode.getInstance();
            }
            if (next.pathEnds) {
                // a path ends here: take its value whole, and read any longer path from that small tree
                JsonNode value = value(parser, token);
                for (int index : next.below) {
                    values[index] = at(value, paths[index], next.depth);
                }
            } else if (token == JsonToken.START_OBJECT) {
                readObject(parser, next, values);
            } else {
                // longer paths lead through a value that is not an object: they reach nothing, as on a tree
                parser.skipChildren();
            }
        }
    }

    /**
     * The value the parser is at. Single values are made here: going through the object mapper for each of them
     * costs more than the whole rest of the reading (profile in bench/BENCHMARKS.md).
     */
    private static JsonNode value(JsonParser parser, JsonToken token) {
        return switch (token) {
            case VALUE_STRING -> NODES.stringNode(parser.getString());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDecimalValue());
            case VALUE_TRUE, VALUE_FALSE -> NODES.booleanNode(token == JsonToken.VALUE_TRUE);
            case VALUE_NULL -> NODES.nullNode();
            default -> {
                JsonNode tree = parser.readValueAsTree();
                yield tree == null ? NODES.nullNode() : tree;
            }
        };
    }

    private static JsonNode at(JsonNode node, String[] path, int from) {
        for (int i = from; i < path.length; i++) {
            node = node.path(path[i]);
        }
        return node;
    }

    private static int[] append(int[] array, int value) {
        int[] longer = Arrays.copyOf(array, array.length + 1);
        longer[array.length] = value;
        return longer;
    }
}
