package io.ledgersync.sync.dataset;

import java.util.ArrayList;
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
    /** The value of a list path whose items were read in the pass ({@link Read#items()}): an empty list, never read. */
    private static final JsonNode LIST = NODES.arrayNode();

    /**
     * What one pass read of a record: the value at each path (a missing node where there is none) and, for each list
     * path ({@link #FieldPaths(List, Map)}) whose value was a list, the values read in each of its items; null elsewhere.
     */
    public record Read(JsonNode[] values, List<JsonNode[]>[] items) {
    }

    private final String[][] paths;
    private final Step root = new Step(0);
    /** Per path, the paths read in each item of the list there; null for a path taken whole. */
    private final FieldPaths[] itemPaths;

    /** @param paths dotted field paths; a null entry is a path that reads nothing (its value stays missing) */
    public FieldPaths(List<String> paths) {
        this(paths, Map.of());
    }

    /**
     * @param items for some paths (by index), the paths to read in each item of the list there, in the same pass,
     *     instead of taking the list whole as a tree: the items of a list field (an invoice's lines) are most of a
     *     record, and a tree of them took a seventh of the pipeline's CPU (bench/BENCHMARKS.md, issue 28). What an item
     *     path reaches is what it reaches on the item's tree; an item that is not an object reaches nothing.
     */
    public FieldPaths(List<String> paths, Map<Integer, List<String>> items) {
        this.itemPaths = new FieldPaths[paths.size()];
        items.forEach((index, itemFields) -> itemPaths[index] = new FieldPaths(itemFields));
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
    public Read read(JsonParser parser) {
        if (parser.nextToken() == JsonToken.START_OBJECT) {
            return readObject(parser);
        }
        return new Read(missing(), items());
    }

    /**
     * {@link #read}, from a parser at the record's {@code START_OBJECT} (a record within a page), which it leaves at
     * the record's {@code END_OBJECT}.
     */
    public Read readObject(JsonParser parser) {
        Read read = new Read(missing(), items());
        readObject(parser, root, read);
        return read;
    }

    private JsonNode[] missing() {
        JsonNode[] values = new JsonNode[paths.length];
        Arrays.fill(values, MissingNode.getInstance());
        return values;
    }

    @SuppressWarnings("unchecked")
    private List<JsonNode[]>[] items() {
        return new List[paths.length];
    }

    /** The parser is at the start of an object whose fields are the steps after {@code step}. */
    private void readObject(JsonParser parser, Step step, Read read) {
        JsonNode[] values = read.values();
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
                read.items()[index] = null;
            }
            if (token == JsonToken.START_ARRAY && next.below.length == 1 && itemPaths[next.below[0]] != null) {
                // a list path alone at its step: its items' fields are read here, without a tree of the list
                values[next.below[0]] = LIST;
                read.items()[next.below[0]] = itemPaths[next.below[0]].readItems(parser);
            } else if (next.pathEnds) {
                // a path ends here: take its value whole, and read any longer path from that small tree
                JsonNode value = value(parser, token);
                for (int index : next.below) {
                    values[index] = at(value, paths[index], next.depth);
                }
            } else if (token == JsonToken.START_OBJECT) {
                readObject(parser, next, read);
            } else {
                // longer paths lead through a value that is not an object: they reach nothing, as on a tree
                parser.skipChildren();
            }
        }
    }

    /** The items of the list the parser is at (its {@code START_ARRAY}): the values at these paths in each. */
    private List<JsonNode[]> readItems(JsonParser parser) {
        List<JsonNode[]> items = new ArrayList<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            if (token == JsonToken.START_OBJECT) {
                items.add(readObject(parser).values());
            } else {
                parser.skipChildren(); // not an object: every path in it reaches nothing, as on a tree
                items.add(missing());
            }
        }
        return items;
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
