package io.ledgersync.sync;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import io.ledgersync.warehouse.Column;
import io.ledgersync.warehouse.ColumnType;
import io.ledgersync.warehouse.Table;
import io.ledgersync.yaml.YamlDocument;
import io.ledgersync.yaml.YamlFiles;

/**
 * The data sets declared by {@code jobs/*.yml}, in sync order (companies before the data sets that
 * are read per company). A new data set with the same envelope is a YAML file and a migration; the
 * file format is {@link DataSetFile}.
 */
public final class DataSetCatalog {

    private final Map<String, DataSet> byName;

    DataSetCatalog(Collection<DataSet> dataSets) {
        // Parents first; by name within each group, so the order does not depend on how files are listed.
        Map<String, DataSet> ordered = new LinkedHashMap<>();
        List<DataSet> byName = dataSets.stream().sorted(Comparator.comparing(DataSet::name)).toList();
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
            throw dataSetNames().unknown(name);
        }
        return dataSet;
    }

    /**
     * Refuses a request that names a data set no file declares, or that no run could do ({@link DataSetNames#check}).
     *
     * @throws IllegalArgumentException naming the data sets at fault and the ones there are
     */
    public void check(SyncRequest request) {
        dataSetNames().check(request);
    }

    private DataSetNames dataSetNames() {
        Map<String, Boolean> perCompanyByName = new LinkedHashMap<>();
        byName.values().forEach(dataSet -> perCompanyByName.put(dataSet.name(), dataSet.perCompany()));
        return new DataSetNames(perCompanyByName);
    }

    private static void put(Map<String, DataSet> ordered, DataSet dataSet) {
        if (ordered.putIfAbsent(dataSet.name(), dataSet) != null) {
            throw new IllegalStateException("Data set '" + dataSet.name() + "' is declared twice");
        }
    }

    static DataSet read(Resource resource) {
        String source = resource.getFilename() == null ? resource.getDescription() : "jobs/" + resource.getFilename();
        try (Reader yaml = new InputStreamReader(resource.getInputStream(), StandardCharsets.UTF_8)) {
            return parse(yaml, source);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read data set file " + resource.getDescription(), e);
        }
    }

    /** A data set from its file's text; every mistake is one line naming {@code source}, the line and the field. */
    static DataSet parse(Reader yaml, String source) {
        YamlDocument<DataSetFile> document = YamlFiles.open(yaml, source, DataSetFile.class);
        DataSetFile file = document.value();
        boolean perCompany = file.parent() != null;
        if (perCompany != file.path().contains("{companyId}")) {
            throw document.invalid("path", "must contain {companyId} exactly when parent is companies");
        }
        List<Column> columns = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        List<String> key = new ArrayList<>();
        if (perCompany) {
            columns.add(new Column("company_id", ColumnType.TEXT));
            fields.add(null);
            key.add("company_id");
        }
        file.columns().forEach((name, column) -> {
            columns.add(new Column(name, type(document, name, column.type())));
            fields.add(column.field());
        });
        for (String keyColumn : file.key()) {
            if (!file.columns().containsKey(keyColumn)) {
                throw document.invalid("key", "'" + keyColumn + "' is not one of the columns " + file.columns().keySet());
            }
            key.add(keyColumn);
        }
        String table = file.table() == null ? file.name() : file.table();
        return new DataSet(file.name(), file.path(), file.parent(), new Table(table, columns, key), fields, file.cursor());
    }

    /** A data set from YAML text, for tests. */
    static DataSet parse(String yaml) {
        return parse(new StringReader(yaml), "test.yml");
    }

    private static ColumnType type(YamlDocument<DataSetFile> document, String column, String type) {
        try {
            return ColumnType.valueOf(type.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw document.invalid("columns." + column + ".type", "'" + type + "' is not a type; the types are "
                    + Arrays.stream(ColumnType.values()).map(t -> t.name().toLowerCase(Locale.ROOT)).toList());
        }
    }
}
