package io.ledgersync.sync;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import io.ledgersync.warehouse.Column;
import io.ledgersync.warehouse.ColumnType;
import io.ledgersync.warehouse.Table;

/**
 * The data sets declared by {@code jobs/*.yml}, in sync order (companies before the data sets that
 * are read per company). A new data set with the same envelope is a YAML file and a migration.
 */
public final class DataSetCatalog {

    private final Map<String, DataSet> byName;

    DataSetCatalog(Collection<DataSet> dataSets) {
        // Parents first; by name within each group, so the order does not depend on how files are listed.
        Map<String, DataSet> ordered = new LinkedHashMap<>();
        List<DataSet> byName = dataSets.stream().sorted(java.util.Comparator.comparing(DataSet::name)).toList();
        byName.stream().filter(d -> !d.perCompany()).forEach(d -> put(ordered, d));
        byName.stream().filter(DataSet::perCompany).forEach(d -> put(ordered, d));
        for (DataSet dataSet : ordered.values()) {
            if (dataSet.perCompany() && !ordered.containsKey(dataSet.parent())) {
                throw new IllegalStateException("Data set '" + dataSet.name() + "' belongs to '" + dataSet.parent()
                        + "', which is not declared: add jobs/" + dataSet.parent() + ".yml");
            }
        }
        this.byName = ordered;
    }

    /** Loads every file matching the pattern, e.g. {@code classpath*:jobs/*.yml}. */
    static DataSetCatalog load(String locationPattern) {
        Resource[] resources;
        try {
            resources = new PathMatchingResourcePatternResolver().getResources(locationPattern);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list the data set files " + locationPattern, e);
        }
        List<DataSet> dataSets = new ArrayList<>();
        for (Resource resource : resources) {
            dataSets.add(read(resource));
        }
        if (dataSets.isEmpty()) {
            throw new IllegalStateException("No data set files found at " + locationPattern
                    + ": set ledgersync.sync.datasets to where the jobs/*.yml files are");
        }
        return new DataSetCatalog(dataSets);
    }

    /** All data sets, in the order a full sync runs them. */
    public List<DataSet> all() {
        return List.copyOf(byName.values());
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    public DataSet get(String name) {
        DataSet dataSet = byName.get(name);
        if (dataSet == null) {
            throw new IllegalArgumentException("Unknown data set '" + name + "': the data sets are " + String.join(", ", names()));
        }
        return dataSet;
    }

    private static void put(Map<String, DataSet> ordered, DataSet dataSet) {
        if (ordered.putIfAbsent(dataSet.name(), dataSet) != null) {
            throw new IllegalStateException("Data set '" + dataSet.name() + "' is declared twice");
        }
    }

    static DataSet read(Resource resource) {
        Map<String, Object> yaml;
        try (InputStream in = resource.getInputStream()) {
            yaml = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read data set file " + resource.getDescription(), e);
        } catch (RuntimeException e) {
            throw new IllegalStateException("Data set file " + resource.getDescription() + " is not valid YAML: " + e.getMessage(), e);
        }
        try {
            return parse(yaml);
        } catch (RuntimeException e) {
            throw new IllegalStateException("Data set file " + resource.getDescription() + ": " + e.getMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    static DataSet parse(Map<String, Object> yaml) {
        if (yaml == null) {
            throw new IllegalArgumentException("the file is empty");
        }
        String name = required(yaml, "name");
        String path = required(yaml, "path");
        String parent = (String) yaml.get("parent");
        if (parent != null && !parent.equals(DataSet.COMPANIES)) {
            throw new IllegalArgumentException("parent is '" + parent + "': the only parent is 'companies'");
        }
        if (!path.startsWith("/") || (parent != null) != path.contains("{companyId}")) {
            throw new IllegalArgumentException("path '" + path + "' must start with / and contain {companyId} exactly when parent is companies");
        }
        Object columnsYaml = yaml.get("columns");
        if (!(columnsYaml instanceof Map<?, ?> columnMap) || columnMap.isEmpty()) {
            throw new IllegalArgumentException("'columns' must map each column name to {field, type}");
        }
        List<Column> columns = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        List<String> key = new ArrayList<>();
        if (parent != null) {
            columns.add(new Column("company_id", ColumnType.TEXT));
            fields.add(null);
            key.add("company_id");
        }
        for (Map.Entry<?, ?> entry : columnMap.entrySet()) {
            String column = String.valueOf(entry.getKey());
            if (!(entry.getValue() instanceof Map<?, ?> spec)) {
                throw new IllegalArgumentException("column '" + column + "' must be {field: <record field>, type: <type>}");
            }
            columns.add(new Column(column, type(column, (String) spec.get("type"))));
            fields.add(requiredText(spec.get("field"), "field of column '" + column + "'"));
        }
        Object keyYaml = yaml.get("key");
        if (!(keyYaml instanceof List<?> keyList) || keyList.isEmpty()) {
            throw new IllegalArgumentException("'key' must list the primary key columns, e.g. [id]");
        }
        keyList.forEach(k -> key.add(String.valueOf(k)));
        String table = yaml.getOrDefault("table", name).toString();
        return new DataSet(name, path, parent, new Table(table, columns, key), fields, (String) yaml.get("cursor"));
    }

    private static ColumnType type(String column, String type) {
        if (type == null) {
            throw new IllegalArgumentException("column '" + column + "' has no type");
        }
        try {
            return ColumnType.valueOf(type.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("column '" + column + "' has type '" + type + "'; the types are "
                    + java.util.Arrays.toString(ColumnType.values()).toLowerCase(Locale.ROOT));
        }
    }

    private static String required(Map<String, Object> yaml, String field) {
        return requiredText(yaml.get(field), "'" + field + "'");
    }

    private static String requiredText(Object value, String what) {
        if (!(value instanceof String text) || text.isBlank()) {
            throw new IllegalArgumentException(what + " is missing");
        }
        return text;
    }
}
