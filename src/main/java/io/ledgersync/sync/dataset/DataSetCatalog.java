package io.ledgersync.sync.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.Versioning;
import io.ledgersync.yaml.YamlDocument;
import io.ledgersync.yaml.YamlFiles;

/**
 * The data sets declared by {@code jobs/*.yml}, in sync order (companies before the data sets that
 * are read per company). A new data set with the same envelope is a YAML file, nothing else: its tables are created
 * at start ({@link DataSetSchemas}); the file format is {@link DataSetFile}.
 */
public final class DataSetCatalog {

    /** The field by which the Data API marks a record deleted (docs/CONTRACT.md): closes its version in history mode. */
    private static final String IS_DELETED = "metadata.isDeleted";

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

    /**
     * Loads every data set file at the locations ({@link DataSetNames#sources}: e.g.
     * {@code classpath*:jobs/*.yml,file:jobs/*.yml}, a working-directory file overriding a packaged one of its name).
     *
     * @throws DataSetFilesException with every file's mistake, not only the first one's
     */
    public static DataSetCatalog load(String locations) {
        List<DataSetNames.DataSetSource> sources;
        try {
            sources = DataSetNames.sources(locations);
        } catch (IOException | URISyntaxException e) {
            throw new DataSetFilesException(List.of("Cannot list the data set files " + locations + ": " + e.getMessage()), e);
        }
        List<Parsed> dataSets = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        RuntimeException first = null;
        for (DataSetNames.DataSetSource source : sources) {
            try {
                dataSets.add(read(source));
            } catch (IllegalArgumentException | UncheckedIOException mistake) { // InvalidYamlException: file, line, field
                problems.add(mistake instanceof UncheckedIOException unreadable
                        ? unreadable.getMessage() + ": " + unreadable.getCause().getMessage() : mistake.getMessage());
                first = first == null ? mistake : first;
            }
        }
        problems.addAll(DataSetFileRules.checkTogether(dataSets)); // of the files that parsed: every mistake at once
        if (!problems.isEmpty()) {
            throw new DataSetFilesException(problems, first);
        }
        if (dataSets.isEmpty()) {
            throw new DataSetFilesException(List.of("No data set files found at " + locations
                    + ": set ledgersync.sync.datasets to where the jobs/*.yml files are"), null);
        }
        try {
            return new DataSetCatalog(dataSets.stream().map(Parsed::dataSet).toList());
        } catch (IllegalStateException mistake) { // a parent not declared, a name declared twice
            throw new DataSetFilesException(List.of(mistake.getMessage()), mistake);
        }
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

    /** A data set with the file it was read from, which still knows the line of each field. */
    record Parsed(DataSet dataSet, YamlDocument<DataSetFile> document) {
    }

    static Parsed read(DataSetNames.DataSetSource source) {
        try (InputStream in = source.url().openStream()) {
            return parseDocument(new String(in.readAllBytes(), StandardCharsets.UTF_8), source.shownAs());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read data set file " + source.shownAs(), e);
        }
    }

    /** A data set from its file's text; every mistake is one line naming {@code source}, the line and the field. */
    public static DataSet parse(String text, String source) {
        return parseDocument(text, source).dataSet();
    }

    private static Parsed parseDocument(String text, String source) {
        YamlDocument<DataSetFile> document = YamlFiles.open(new StringReader(text), source, DataSetFile.class);
        DataSetFile file = document.value();
        DataSetFileRules.check(document);
        boolean perCompany = file.parent() != null;
        if (perCompany != file.path().contains("{companyId}")) {
            throw document.invalid("path", "must contain {companyId} exactly when parent is companies");
        }
        List<Column> columns = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        List<String> key = new ArrayList<>();
        if (perCompany) {
            columns.add(StandardColumns.companyId());
            fields.add(null);
            key.add(StandardColumns.COMPANY_ID);
        }
        file.columns().forEach((name, column) -> {
            if (StandardColumns.trailing().contains(name) || name.equals(StandardColumns.COMPANY_ID)) {
                throw document.invalid("columns." + name, "is a column every data set table has: name it otherwise");
            }
            columns.add(new Column(name, type(document, "columns." + name, column.type())));
            fields.add(column.field());
        });
        for (String keyColumn : file.key()) {
            if (!file.columns().containsKey(keyColumn)) {
                throw document.invalid("key", "'" + keyColumn + "' is not one of the columns " + file.columns().keySet());
            }
            key.add(keyColumn);
        }
        List<DataSet.Child> children = new ArrayList<>();
        if (file.children() != null) {
            if (!file.children().isEmpty() && file.key().size() != 1) {
                throw document.invalid("children", "need a data set whose key is one column: the child rows point at it");
            }
            file.children().forEach((table, child) -> children.add(child(document, table, child)));
        }
        String table = file.table() == null ? file.name() : file.table();
        return new Parsed(new DataSet(file.name(), file.path(), file.parent(),
                new Table(table, columns, key, children.stream().map(DataSet.Child::table).toList(),
                        file.keepsHistory() ? versioning(columns, fields, file.cursor()) : null), fields, file.cursor(),
                file.query() == null || file.query().isBlank() ? null : file.query().strip(), children,
                new DataSet.Declaration(source, sha256(text))), document);
    }

    /**
     * History mode's columns: a version is valid from the cursor's column ({@code modified_date}), the source's time of
     * the change; a boolean column read from {@code metadata.isDeleted} marks the record deleted at the source.
     */
    private static Versioning versioning(List<Column> columns, List<String> fields, String cursor) {
        int validFrom = cursor == null ? -1 : fields.indexOf(cursor);
        int deleted = -1;
        for (int i = 0; i < fields.size(); i++) {
            if (IS_DELETED.equals(fields.get(i)) && columns.get(i).type() == ColumnType.BOOLEAN) {
                deleted = i;
            }
        }
        return new Versioning(validFrom >= 0 && columns.get(validFrom).type() == ColumnType.TIMESTAMP
                ? columns.get(validFrom).name() : null, deleted < 0 ? null : columns.get(deleted).name());
    }

    private static DataSet.Child child(YamlDocument<DataSetFile> document, String table, DataSetFile.Child child) {
        List<Column> columns = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        child.columns().forEach((name, column) -> {
            if (name.equals(StandardColumns.COMPANY_ID) || name.equals(StandardColumns.LINE_NUMBER) || name.equals(child.parentKey())) {
                throw document.invalid("children." + table + ".columns." + name,
                        "is a key column of every child table (company_id, " + child.parentKey() + ", line_number): name it otherwise");
            }
            columns.add(new Column(name, type(document, "children." + table + ".columns." + name, column.type())));
            fields.add(column.field());
        });
        return new DataSet.Child(new ChildTable(table, child.parentKey(), columns), child.field(), fields);
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }

    /** A data set from YAML text, for tests. */
    public static DataSet parse(String yaml) {
        return parse(yaml, "test.yml");
    }

    private static ColumnType type(YamlDocument<DataSetFile> document, String column, String type) {
        try {
            return ColumnType.valueOf(type.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw document.invalid(column + ".type", "'" + type + "' is not a type; the types are "
                    + Arrays.stream(ColumnType.values()).map(t -> t.name().toLowerCase(Locale.ROOT)).toList());
        }
    }
}
