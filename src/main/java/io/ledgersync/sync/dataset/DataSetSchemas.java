package io.ledgersync.sync.dataset;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.ledgersync.source.SourceRecord;
import io.ledgersync.warehouse.AppliedSchema;
import io.ledgersync.warehouse.SchemaChangeFailedException;
import io.ledgersync.warehouse.WarehouseSchema;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.StoredRecord;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.TableShape;
import io.ledgersync.warehouse.table.Versioning;

/**
 * Brings each data set's tables in line with its file at start, before any run reads anything: creates the tables a
 * data set lacks, adds the columns and child tables its file gained, and fills them from the {@code raw} already
 * stored, in bounded batches, without a request to the Data API. A change that cannot be applied in place (a column's
 * type, the key) stops the start ({@link UnsafeSchemaChangeException}) before anything is changed;
 * {@code schema --rebuild=<data set>} rebuilds that data set's tables from raw instead. The changes of a start are all
 * or nothing ({@link WarehouseSchema#allOrNothing}): one that fails mid-way leaves the warehouse as it was. Every file whose text or
 * tables changed is recorded in {@code data_set_schema}. Tables that Flyway's V2 and V4 created (companies, invoices,
 * customers) are adopted as they are: their columns agree with the files, and they get what they lack
 * ({@code deleted_at}). Thread-safe.
 */
public final class DataSetSchemas {

    private static final Logger log = LoggerFactory.getLogger(DataSetSchemas.class);
    /** How a child table is named in the record of filled columns, beside the typed columns. */
    private static final String CHILD = "child:";
    /** How a history table ({@code history: true}) is named in that record, once it was created and seeded. */
    private static final String HISTORY = "history:";

    private final WarehouseSchema schema;
    private final int batchSize;

    public DataSetSchemas(WarehouseSchema schema, int batchSize) {
        this.schema = schema;
        this.batchSize = batchSize;
    }

    /**
     * Applies every data set's file; the one named {@code rebuild} is rebuilt from raw instead.
     *
     * @throws UnsafeSchemaChangeException for the first data set whose file asks for an unsafe change
     */
    public void applyAll(DataSetCatalog catalog, String rebuild) {
        if (!rebuild.isEmpty()) {
            catalog.get(rebuild); // an unknown name is refused naming the data sets there are
        }
        // every check before any change: an unsafe change in one file leaves every table as it was
        for (DataSet dataSet : catalog.all()) {
            requireDataSetTable(dataSet); // a rebuild too: it would drop a table of someone else's
            if (!dataSet.name().equals(rebuild)) {
                check(dataSet);
            }
        }
        // all or nothing: a change that fails mid-way in the database takes back every change of this start; the rebuild
        // comes last, since the old table it replaces cannot be taken back once it is gone
        schema.allOrNothing(() -> {
            for (DataSet dataSet : catalog.all()) {
                if (!dataSet.name().equals(rebuild)) {
                    changing(dataSet, () -> apply(dataSet));
                }
            }
            if (!rebuild.isEmpty()) {
                changing(catalog.get(rebuild), () -> rebuild(catalog.get(rebuild)));
            }
        });
    }

    /** Runs a change of the data set's tables; a failure is told naming the data set, its file, and what failed. */
    private static void changing(DataSet dataSet, Runnable change) {
        try {
            change.run();
        } catch (RuntimeException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof UnstorableRecordException unstorable) {
                    throw new IllegalStateException(about(dataSet) + "filling its tables from the stored raw records failed: "
                            + unstorable.getMessage() + ": declare a type that holds what the records have", e);
                }
            }
            throw new IllegalStateException(about(dataSet) + "changing its tables failed: "
                    + SchemaChangeFailedException.innermostMessage(e), e);
        }
    }

    private static String about(DataSet dataSet) {
        return "Data set " + dataSet.name() + " (" + dataSet.file().source() + "): ";
    }

    /**
     * Refuses a file whose table is in the warehouse but is no data set's (a table of someone else's: no {@code raw},
     * {@code synced_at}, {@code run_id}), before any table of any data set is created or changed.
     *
     * @throws DataSetFilesException naming the data set, its file and the table
     */
    private void requireDataSetTable(DataSet dataSet) {
        Optional<TableShape> shape = schema.shape(dataSet.table().name());
        List<String> missing = StandardColumns.WRITTEN.stream().filter(column -> shape.isPresent() && !shape.get().has(column))
                .toList();
        if (!missing.isEmpty()) {
            throw new DataSetFilesException(List.of("Data set " + dataSet.name() + " (" + dataSet.file().source() + "): table "
                    + dataSet.table().name() + " is in the warehouse without " + String.join(", ", missing) + ", which every"
                    + " data set table has, so it is not a data set's: name another table in " + dataSet.file().source()), null);
        }
    }

    /** @throws UnsafeSchemaChangeException when the file asks for a change that its tables cannot take in place */
    void check(DataSet dataSet) {
        Table table = dataSet.table();
        Optional<TableShape> shape = schema.shape(table.name());
        if (shape.isEmpty()) {
            return;
        }
        checkTable(dataSet, table.name(), shape.get(), table.key(), table.columns());
        for (ChildTable child : table.children()) {
            Optional<TableShape> childShape = schema.shape(child.name());
            if (childShape.isPresent()) {
                checkTable(dataSet, child.name(), childShape.get(), child.key(table), child.columns());
            }
        }
    }

    private static void checkTable(DataSet dataSet, String name, TableShape shape, List<String> key, List<Column> columns) {
        if (!shape.key().equals(key)) {
            throw new UnsafeSchemaChangeException(dataSet, "the key of table " + name + " is " + shape.key()
                    + " in the warehouse but " + key + " in the file");
        }
        for (Column column : columns) {
            if (shape.has(column.name()) && shape.columns().get(column.name()) != column.type()) {
                throw new UnsafeSchemaChangeException(dataSet, "column " + name + "." + column.name() + " is "
                        + typeName(shape.columns().get(column.name())) + " in the warehouse but " + typeName(column.type())
                        + " in the file");
            }
        }
    }

    private static String typeName(Object type) {
        return type == null ? "of another type" : type.toString().toLowerCase(java.util.Locale.ROOT);
    }

    /** Creates, adds and fills what the file declares and the tables lack; records it. Checked before ({@link #check}). */
    public AppliedSchema apply(DataSet dataSet) {
        Table table = dataSet.table();
        Optional<TableShape> shape = schema.shape(table.name());
        Optional<AppliedSchema> last = schema.lastApplied(dataSet.name());
        List<String> changes = new ArrayList<>();
        if (shape.isEmpty()) {
            schema.create(table);
            changes.add("created table " + table.name() + children(table));
        } else {
            changes.addAll(evolve(dataSet, shape.get(), last));
            if (last.isEmpty()) {
                changes.add(0, "adopted table " + table.name());
            }
        }
        history(dataSet, last, changes);
        index(dataSet);
        return record(dataSet, last, changes);
    }

    /**
     * History mode ({@code history: true}): creates the history tables and, the first start with it on, seeds them from
     * the stored raw (zero Data API requests); with it off, a history table left from before is kept and no longer
     * written, said in one line at every start.
     */
    private void history(DataSet dataSet, Optional<AppliedSchema> last, List<String> changes) {
        Table table = dataSet.table();
        String history = Versioning.historyOf(table.name());
        Optional<TableShape> shape = schema.shape(history);
        if (!table.keepsHistory()) {
            if (shape.isPresent()) {
                log.info("Data set {} ({}): history is off, so {} is kept as it is and no longer written ('history: true'"
                        + " writes it again)", dataSet.name(), dataSet.file().source(), history);
            }
            return;
        }
        boolean seeded = last.isPresent() && last.get().columns().contains(HISTORY + history);
        if (shape.isPresent() && seeded) {
            addHistoryColumns(table, shape.get(), changes);
            return;
        }
        schema.createHistory(table);
        schema.shape(history).ifPresent(created -> addHistoryColumns(table, created, changes));
        long versions = schema.seedHistory(table, batchSize, derive(dataSet));
        changes.add((shape.isEmpty() ? "created " : "brought up to date ") + history
                + children(table).replace(" and ", " and the history of ") + ", " + versions + " versions from raw");
    }

    /** A column the file gained goes into the history table too: null in the versions written before it. */
    private void addHistoryColumns(Table table, TableShape shape, List<String> changes) {
        String history = Versioning.historyOf(table.name());
        for (Column column : table.columns()) {
            if (!shape.has(column.name())) {
                schema.addColumn(history, column);
                changes.add("added " + history + "." + column.name());
            }
        }
        List<String> created = new ArrayList<>();
        for (ChildTable child : table.children()) {
            if (schema.shape(Versioning.historyOf(child.name())).isEmpty()) {
                created.add(Versioning.historyOf(child.name()));
            }
        }
        if (!created.isEmpty()) {
            schema.createHistory(table); // IF NOT EXISTS: makes just the child tables' history tables that are missing
            changes.add("created " + String.join(", ", created) + " (the versions before have no items there)");
        }
        for (ChildTable child : table.children()) {
            String childHistory = Versioning.historyOf(child.name());
            Optional<TableShape> childShape = schema.shape(childHistory);
            if (childShape.isEmpty() || created.contains(childHistory)) {
                continue;
            }
            for (Column column : child.columns()) {
                if (!childShape.get().has(column.name())) {
                    schema.addColumn(childHistory, column);
                    changes.add("added " + childHistory + "." + column.name());
                }
            }
        }
    }

    /** The safe changes to an existing table: deleted_at, new columns and child tables, each filled from raw. */
    private List<String> evolve(DataSet dataSet, TableShape shape, Optional<AppliedSchema> last) {
        Table table = dataSet.table();
        List<String> changes = new ArrayList<>();
        if (!shape.has(StandardColumns.DELETED_AT)) {
            schema.addDeletedAt(table.name());
            changes.add("added " + StandardColumns.DELETED_AT);
        }
        List<String> fill = new ArrayList<>();
        for (Column column : table.columns()) {
            if (!shape.has(column.name())) {
                schema.addColumn(table.name(), column);
                fill.add(column.name());
            } else if (last.isPresent() && !last.get().columns().contains(column.name())
                    && !column.name().equals(StandardColumns.COMPANY_ID)) {
                fill.add(column.name()); // added by a start that stopped before it had filled it
            }
        }
        List<ChildTable> fillChildren = new ArrayList<>();
        for (ChildTable child : table.children()) {
            Optional<TableShape> childShape = schema.shape(child.name());
            if (childShape.isEmpty()) {
                schema.createChild(table, child);
                fillChildren.add(child);
                continue;
            }
            boolean gained = false;
            for (Column column : child.columns()) {
                if (!childShape.get().has(column.name())) {
                    schema.addColumn(child.name(), column);
                    gained = true;
                }
            }
            if (gained || last.isPresent() && !last.get().columns().contains(CHILD + child.name())) {
                fillChildren.add(child);
            }
        }
        if (!fill.isEmpty() || !fillChildren.isEmpty()) {
            long rows = schema.rederive(table, fill, fillChildren, batchSize, derive(dataSet));
            List<String> filled = new ArrayList<>(fill);
            fillChildren.forEach(child -> filled.add(child.name()));
            changes.add("added and filled " + String.join(", ", filled) + " from raw in " + rows + " stored rows");
        }
        return changes;
    }

    /** Rebuilds the data set's tables from raw, as the file declares them now; records it. */
    AppliedSchema rebuild(DataSet dataSet) {
        Optional<AppliedSchema> last = schema.lastApplied(dataSet.name());
        if (schema.shape(dataSet.table().name()).isEmpty()) {
            return apply(dataSet);
        }
        long rows = schema.rebuild(dataSet.table(), batchSize, derive(dataSet));
        index(dataSet);
        return record(dataSet, last, List.of("rebuilt table " + dataSet.table().name() + children(dataSet.table())
                + " from raw in " + rows + " stored rows"));
    }

    /** What a stored record maps to, as a sync would write it: the one mapping, {@link RecordMapper}. */
    private static Function<StoredRecord, Row> derive(DataSet dataSet) {
        RecordMapper mapper = new RecordMapper(dataSet);
        return stored -> mapper.toRow(new SourceRecord(stored.raw()), stored.companyId());
    }

    /** A company data set with a cursor is read by company and cursor (the incremental reads of issue 13, reports). */
    private void index(DataSet dataSet) {
        if (dataSet.perCompany()) {
            dataSet.cursorColumn().ifPresent(column -> schema.index(dataSet.table().name(),
                    List.of(StandardColumns.COMPANY_ID, column)));
        }
    }

    private AppliedSchema record(DataSet dataSet, Optional<AppliedSchema> last, List<String> changes) {
        DataSet.Declaration file = dataSet.file();
        boolean sameFile = last.isPresent() && last.get().checksum().equals(file.checksum())
                && last.get().source().equals(file.source());
        if (sameFile && changes.isEmpty()) {
            return last.get();
        }
        String change = changes.isEmpty() ? "file changed, tables unchanged" : String.join("; ", changes);
        AppliedSchema applied = schema.record(dataSet.name(), dataSet.table().name(), file.source(), file.checksum(),
                filledColumns(dataSet.table()), change);
        log.info("Data set {} ({}): {}", dataSet.name(), file.source(), change);
        return applied;
    }

    private static List<String> filledColumns(Table table) {
        List<String> columns = new ArrayList<>();
        table.columns().stream().map(Column::name).filter(name -> !name.equals(StandardColumns.COMPANY_ID)).forEach(columns::add);
        table.children().forEach(child -> columns.add(CHILD + child.name()));
        if (table.keepsHistory()) {
            columns.add(HISTORY + Versioning.historyOf(table.name()));
        }
        return columns;
    }

    private static String children(Table table) {
        return table.children().isEmpty() ? ""
                : " and " + String.join(", ", table.children().stream().map(ChildTable::name).toList());
    }
}
