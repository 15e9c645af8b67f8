package io.ledgersync.sync.dataset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

import io.ledgersync.warehouse.AppliedSchema;
import io.ledgersync.warehouse.WarehouseSchema;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.Versioning;

/**
 * Every warehouse table of the data sets, each column with the record field it comes from, for the people who query
 * it: {@code ledgersync schema} prints it ({@link #text}), {@code ledgersync schema --dbt} writes it as a dbt
 * {@code sources.yml} ({@link #dbtSources}): descriptions, keys as {@code unique} and {@code not_null} tests, freshness
 * on {@code synced_at}. Immutable.
 */
public final class TableMap {

    /** How late a sync may be before dbt warns and errors: the nightly full sync, and one missed night. */
    private static final int WARN_AFTER_HOURS = 26;
    private static final int ERROR_AFTER_HOURS = 50;
    /** dbt 1.8 renamed a column's and a table's {@code tests:} to {@code data_tests:}, and warns on the old name. */
    private static final String DBT_TESTS = "data_tests";

    /** One column: its name, type, and where its values come from. */
    record Entry(String column, String type, String source) {
    }

    /** One table: its name, what it holds, its key and columns. */
    record TableEntry(String name, String description, List<String> key, List<Entry> columns, boolean synced) {
    }

    private final List<TableEntry> tables;
    private final WarehouseSchema schema;

    public TableMap(DataSetCatalog catalog, WarehouseSchema schema) {
        this.schema = schema;
        List<TableEntry> entries = new ArrayList<>();
        for (DataSet dataSet : catalog.all()) {
            entries.add(parent(dataSet));
            for (DataSet.Child child : dataSet.children()) {
                entries.add(child(dataSet, child));
            }
            if (dataSet.table().keepsHistory()) {
                entries.add(history(dataSet));
                for (DataSet.Child child : dataSet.children()) {
                    entries.add(childHistory(dataSet, child));
                }
            }
        }
        this.tables = List.copyOf(entries);
    }

    private static TableEntry parent(DataSet dataSet) {
        Table table = dataSet.table();
        List<Entry> columns = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
            Column column = table.columns().get(i);
            String field = dataSet.fields().get(i);
            columns.add(new Entry(column.name(), typeName(column),
                    field == null ? "the company the record belongs to (companies.id)" : "field " + field));
        }
        columns.add(new Entry(StandardColumns.RAW, "json", "the whole record, as the Data API sent it"));
        columns.add(new Entry(StandardColumns.SYNCED_AT, "timestamp", "when ledgersync last wrote the row"));
        columns.add(new Entry(StandardColumns.RUN_ID, "integer", "the sync run that last wrote the row"));
        columns.add(new Entry(StandardColumns.DELETED_AT, "timestamp",
                "when a complete full sync found the record gone from the Data API; null while it is there"));
        String description = "Data set " + dataSet.name() + " (" + dataSet.file().source() + "): one row per record of "
                + dataSet.path();
        return new TableEntry(table.name(), description, table.key(), columns, true);
    }

    private static TableEntry child(DataSet dataSet, DataSet.Child child) {
        Table parent = dataSet.table();
        ChildTable table = child.table();
        List<Entry> columns = new ArrayList<>();
        if (parent.key().contains(StandardColumns.COMPANY_ID)) {
            columns.add(new Entry(StandardColumns.COMPANY_ID, "text", "the company of the " + dataSet.name() + " record"));
        }
        String parentKey = parent.key().get(parent.key().size() - 1);
        columns.add(new Entry(table.parentColumn(), typeName(parent.columns().get(indexOf(parent, parentKey))),
                parent.name() + "." + parentKey + " of the record the item belongs to"));
        columns.add(new Entry(StandardColumns.LINE_NUMBER, "integer", "the item's position in " + child.field() + ", from 1"));
        for (int i = 0; i < table.columns().size(); i++) {
            columns.add(new Entry(table.columns().get(i).name(), typeName(table.columns().get(i)),
                    "field " + child.field() + "[]." + child.fields().get(i)));
        }
        String description = "Each item of " + dataSet.name() + "." + child.field() + " (" + dataSet.file().source()
                + "), replaced with its " + dataSet.name() + " record; join " + parent.name() + " for whether it is live";
        return new TableEntry(table.name(), description, table.key(parent), columns, false);
    }

    /** {@code <table>_history}: every version of each record (history mode, docs/history.md). */
    private static TableEntry history(DataSet dataSet) {
        Table table = dataSet.table();
        TableEntry current = parent(dataSet);
        List<Entry> columns = new ArrayList<>(current.columns().subList(0, table.columns().size()));
        columns.add(new Entry(StandardColumns.RAW, "json", "the whole record as this version was sent"));
        columns.add(new Entry(Versioning.RAW_HASH, "text", "a hash of raw: a new version is written only when it changes"));
        columns.add(new Entry(Versioning.VERSION, "integer", "the version's number for its record, from 1"));
        String validFrom = table.versioning().validFrom();
        columns.add(new Entry(Versioning.VALID_FROM, "timestamp", validFrom == null
                ? "when ledgersync saw the version (the data set has no cursor of the source's time)"
                : "when the source made this version (" + validFrom + "): use it for \"as at\" questions"));
        columns.add(new Entry(Versioning.VALID_TO, "timestamp", "when the next version began or the record was deleted;"
                + " null while current. As at T: valid_from <= T AND (valid_to IS NULL OR valid_to > T)"));
        columns.add(new Entry(Versioning.IS_CURRENT, "boolean", "whether this is the record's current version"));
        columns.add(new Entry(Versioning.SEEN_AT, "timestamp", "when ledgersync first saw this version (its own clock)"));
        columns.add(new Entry(StandardColumns.RUN_ID, "integer", "the sync run that saw this version"));
        String description = "History of " + table.name() + " (" + dataSet.file().source() + ", history: true): one row per"
                + " version of each record, written only when the record changed";
        return new TableEntry(Versioning.historyOf(table.name()), description, historyKey(table), columns, false);
    }

    /** {@code <child>_history}: each version's items, keyed to the parent's version. */
    private static TableEntry childHistory(DataSet dataSet, DataSet.Child child) {
        TableEntry current = child(dataSet, child);
        List<Entry> columns = new ArrayList<>(current.columns());
        int versionAt = current.key().size() - 1; // before line_number
        columns.add(versionAt, new Entry(Versioning.VERSION, "integer", Versioning.historyOf(dataSet.table().name())
                + ".version of the record version the item belongs to"));
        List<String> key = new ArrayList<>(current.key());
        key.add(versionAt, Versioning.VERSION);
        String description = "Each item of " + dataSet.name() + "." + child.field() + " in each version of the record"
                + " (" + dataSet.file().source() + ", history: true); join " + Versioning.historyOf(dataSet.table().name())
                + " on its key and version";
        return new TableEntry(Versioning.historyOf(child.table().name()), description, key, columns, false);
    }

    /** A history table's key: the record's, then its version. */
    private static List<String> historyKey(Table table) {
        List<String> key = new ArrayList<>(table.key());
        key.add(Versioning.VERSION);
        return key;
    }

    private static int indexOf(Table table, String column) {
        for (int i = 0; i < table.columns().size(); i++) {
            if (table.columns().get(i).name().equals(column)) {
                return i;
            }
        }
        throw new IllegalArgumentException(column);
    }

    private static String typeName(Column column) {
        return column.type().name().toLowerCase(Locale.ROOT);
    }

    /** Every table and column with its type and source, as {@code ledgersync schema} prints it. */
    public String text() {
        StringBuilder text = new StringBuilder();
        for (TableEntry table : tables) {
            text.append(table.name()).append("  (key ").append(String.join(", ", table.key())).append(")\n");
            text.append("  ").append(table.description()).append('\n');
            int width = table.columns().stream().mapToInt(entry -> entry.column().length()).max().orElse(0);
            for (Entry entry : table.columns()) {
                text.append("  ").append(pad(entry.column(), width)).append("  ").append(pad(entry.type(), 9)).append("  ")
                        .append(entry.source()).append('\n');
            }
            text.append('\n');
        }
        return text.toString();
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(Math.max(0, width - text.length()));
    }

    /**
     * A dbt {@code sources.yml}: source {@code ledgersync} with every table, each column described, each key tested
     * ({@code not_null} on every key column; {@code unique} on a one-column key, or on the key's columns joined for
     * a composite one), and freshness on {@code synced_at} for the tables a sync writes.
     *
     * @param schemaName the database schema the tables are in (PostgreSQL's {@code public}, H2's {@code public})
     */
    public String dbtSources(String schemaName) {
        List<Map<String, Object>> dbtTables = new ArrayList<>();
        for (TableEntry table : tables) {
            Map<String, Object> dbtTable = new LinkedHashMap<>();
            dbtTable.put("name", table.name());
            dbtTable.put("description", table.description());
            if (table.synced()) {
                dbtTable.put("loaded_at_field", StandardColumns.SYNCED_AT);
            } else {
                dbtTable.put("freshness", null); // a child table has no synced_at: its parent's freshness tells
            }
            if (table.key().size() > 1) {
                dbtTable.put(DBT_TESTS, List.of(Map.of("unique", Map.of("column_name",
                        "(" + String.join(" || '|' || ", table.key()) + ")"))));
            }
            List<Map<String, Object>> columns = new ArrayList<>();
            for (Entry entry : table.columns()) {
                Map<String, Object> column = new LinkedHashMap<>();
                column.put("name", entry.column());
                column.put("description", entry.source() + " (" + entry.type() + ")");
                if (table.key().contains(entry.column())) {
                    column.put(DBT_TESTS, table.key().size() == 1 ? List.of("unique", "not_null") : List.of("not_null"));
                }
                columns.add(column);
            }
            dbtTable.put("columns", columns);
            dbtTables.add(dbtTable);
        }
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("name", "ledgersync");
        source.put("description", "The warehouse ledgersync keeps in step with the Data API (written by 'ledgersync schema --dbt')");
        source.put("schema", schemaName);
        source.put("freshness", Map.of(
                "warn_after", Map.of("count", WARN_AFTER_HOURS, "period", "hour"),
                "error_after", Map.of("count", ERROR_AFTER_HOURS, "period", "hour")));
        source.put("tables", dbtTables);
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("version", 2);
        file.put("sources", List.of(source));
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setWidth(120);
        return "# Written by 'ledgersync schema --dbt' from the data set files: regenerate it rather than edit it.\n"
                + new Yaml(options).dump(file);
    }

    /** How many tables there are. */
    public int size() {
        return tables.size();
    }

    /** What the start did to a data set's tables, newest; empty before the first start. */
    public Optional<String> lastChange(String dataSet) {
        return schema.lastApplied(dataSet).map(AppliedSchema::change);
    }
}
