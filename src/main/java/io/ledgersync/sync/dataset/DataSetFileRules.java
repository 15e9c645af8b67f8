package io.ledgersync.sync.dataset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Versioning;
import io.ledgersync.yaml.YamlDocument;

/**
 * What a data set file must be beyond its fields' types, so that nothing it declares fails or does harm later: in
 * one file, names that every name derived from them fits and no database reserves, a path the Data API's base URL can
 * only be followed by, field paths and a query that parse; across the files, tables that belong to one data set and
 * are never ledgersync's own ({@link OwnTables}). Checked before any bean and any change to the warehouse (issue 25).
 */
final class DataSetFileRules {

    /** PostgreSQL's longest identifier: longer ones are cut silently, so that two derived names could meet. */
    static final int MAX_IDENTIFIER = 63;
    /** A rebuild's {@code <table>_rebuild} and its primary key {@code <table>_rebuild_pkey} (warehouse Rebuild). */
    static final int MAX_TABLE = MAX_IDENTIFIER - "_rebuild_pkey".length();
    /** A child table's primary key, {@code <child>_pkey}. */
    static final int MAX_CHILD_TABLE = MAX_IDENTIFIER - "_pkey".length();
    /**
     * A history table's primary key, {@code <table>_history_pkey} (history mode): for a data set's table, the same as
     * {@link #MAX_TABLE}; for a child table of a data set with history, shorter than {@link #MAX_CHILD_TABLE}.
     */
    static final int MAX_HISTORY_TABLE = MAX_IDENTIFIER - Versioning.suffixLength() - "_pkey".length();
    /**
     * So that the longest partition step name, {@code <name>:company-sha256-<32 hex>} (sync.partition's
     * DataSetPartitioner, which cannot be imported here), fits Batch's {@code step_name varchar(100)}.
     */
    static final int MAX_NAME = 100 - ":company-sha256-".length() - 32;

    /** Segments of letters, digits, {@code - _ . ~} or {@code {companyId}}, each after one /: no host, query, fragment. */
    private static final Pattern PATH = Pattern.compile("(/([A-Za-z0-9_.~-]+|\\{companyId}))+");
    private static final Pattern DOTS = Pattern.compile("/\\.+(?=/|$)");
    /** Dotted field names, none empty: {@code customerRef.id}. */
    private static final Pattern FIELD = Pattern.compile("[^.\\s]+(\\.[^.\\s]+)*");

    private DataSetFileRules() {
    }

    /** @throws io.ledgersync.yaml.InvalidYamlException for the first rule the file breaks, naming its line and field */
    static void check(YamlDocument<DataSetFile> document) {
        DataSetFile file = document.value();
        if (file.name().length() > MAX_NAME) {
            throw document.invalid("name", "is " + file.name().length() + " characters; at most " + MAX_NAME
                    + " fit the step names Batch stores (<name>:company-sha256-<hash>, 100 characters): shorten it");
        }
        if (!PATH.matcher(file.path()).matches() || DOTS.matcher(file.path()).find()) {
            throw document.invalid("path", "'" + file.path() + "' is not a path below the Data API's base URL: use segments"
                    + " of letters, digits, - _ . ~ and {companyId}, each after one / (no //, . or .., %, ?, # or ;)");
        }
        if (file.query() != null && !file.query().isBlank()) {
            String problem = FilterQuery.problem(file.query());
            if (problem != null) {
                throw document.invalid("query", "does not parse: " + problem + "; write conditions like status=Paid joined"
                        + " by && or || and grouped in balanced { }");
            }
        }
        if (file.cursor() != null) {
            field(document, "cursor", file.cursor());
        }
        String table = file.table() == null ? file.name() : file.table();
        name(document, file.table() == null ? "name" : "table", table, MAX_TABLE);
        file.columns().forEach((column, declared) -> {
            name(document, "columns." + column, column, MAX_IDENTIFIER);
            if (file.keepsHistory() && Versioning.RESERVED.contains(column)) {
                throw document.invalid("columns." + column, "'" + column + "' is a column of the history table that"
                        + " 'history: true' keeps (" + String.join(", ", Versioning.RESERVED) + "): name it otherwise");
            }
            field(document, "columns." + column + ".field", declared.field());
        });
        if (file.children() != null) {
            file.children().forEach((child, declared) -> {
                String at = "children." + child;
                name(document, at, child, MAX_CHILD_TABLE);
                if (file.keepsHistory() && child.length() > MAX_HISTORY_TABLE) {
                    throw document.invalid(at, "'" + child + "' is " + child.length() + " characters; at most "
                            + MAX_HISTORY_TABLE + " leave room for its history table's primary key (<table>_history_pkey, 63"
                            + " characters) that 'history: true' makes: shorten it");
                }
                name(document, at + ".parentKey", declared.parentKey(), MAX_IDENTIFIER);
                if (List.of(StandardColumns.COMPANY_ID, StandardColumns.LINE_NUMBER).contains(declared.parentKey())) {
                    throw document.invalid(at + ".parentKey", "'" + declared.parentKey() + "' is already a key column of"
                            + " every child table: name the column that holds the parent's key after it, e.g. "
                            + file.name() + "_id");
                }
                field(document, at + ".field", declared.field());
                declared.columns().forEach((column, item) -> {
                    name(document, at + ".columns." + column, column, MAX_IDENTIFIER);
                    field(document, at + ".columns." + column + ".field", item.field());
                });
            });
        }
    }

    /**
     * The mistakes of the files together: a table (or child table) that two data sets declare, or that is one of
     * ledgersync's own. Reported at the later file in file name order, naming the earlier one.
     */
    static List<String> checkTogether(List<DataSetCatalog.Parsed> files) {
        List<String> problems = new ArrayList<>();
        Map<String, String> owners = new LinkedHashMap<>();
        for (DataSetCatalog.Parsed parsed : files) {
            DataSetFile file = parsed.document().value();
            Map<String, String> tables = new LinkedHashMap<>();
            tables.put(parsed.dataSet().table().name(), file.table() == null ? "name" : "table");
            if (file.children() != null) {
                file.children().keySet().forEach(child -> tables.putIfAbsent(child, "children." + child));
            }
            if (file.keepsHistory()) { // the history tables are the data set's too: no other may take their names
                new ArrayList<>(tables.entrySet()).forEach(entry -> tables.putIfAbsent(Versioning.historyOf(entry.getKey()),
                        "history"));
            }
            String source = parsed.dataSet().file().source();
            tables.forEach((table, field) -> {
                if (OwnTables.names().contains(table)) {
                    problems.add(parsed.document().invalid(field, "table " + table + " is one of ledgersync's own tables,"
                            + " which a rebuild would drop: name another table").getMessage());
                } else if (owners.containsKey(table)) {
                    problems.add(parsed.document().invalid(field, "table " + table + " is already a table of "
                            + owners.get(table) + ": give each data set tables of its own").getMessage());
                } else {
                    owners.put(table, "data set " + parsed.dataSet().name() + " (" + source + ")");
                }
            });
        }
        return problems;
    }

    private static void name(YamlDocument<DataSetFile> document, String field, String name, int longest) {
        if (ReservedWords.reserved(name)) {
            throw document.invalid(field, "'" + name + "' is a reserved word of H2 or PostgreSQL, which would have to be"
                    + " quoted in every query: name it otherwise (e.g. " + name + "_value)");
        }
        if (name.length() > longest) {
            throw document.invalid(field, "'" + name + "' is " + name.length() + " characters; at most " + longest
                    + " leave room for the names made from it (" + (longest == MAX_IDENTIFIER ? "the database's limit"
                    : longest == MAX_TABLE ? "<table>_rebuild_pkey" : "<table>_pkey") + ", 63 characters): shorten it");
        }
    }

    private static void field(YamlDocument<DataSetFile> document, String at, String field) {
        if (!FIELD.matcher(field).matches()) {
            throw document.invalid(at, "'" + field + "' is not a field path: name fields joined by single dots"
                    + " (customerRef.id), no empty name and no space");
        }
    }
}
