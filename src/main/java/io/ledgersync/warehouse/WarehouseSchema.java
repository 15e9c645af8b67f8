package io.ledgersync.warehouse;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import javax.sql.DataSource;

import org.jdbi.v3.core.Jdbi;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.lock.SchemaLock;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StandardColumns;
import io.ledgersync.warehouse.table.StoredRecord;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.TableShape;

/**
 * The data-set tables' definitions in the database: what a table has, creating tables and adding columns as their data
 * set files declare them, filling typed columns and child tables again from the stored {@code raw} (never from the Data
 * API), and the record of what was applied ({@code data_set_schema}). Flyway owns ledgersync's own tables; this owns
 * the data-set tables. Thread-safe.
 */
public class WarehouseSchema {

    private final SchemaLock lock;
    private final AllOrNothing changes;
    private final LiveTables live;
    private final TableDefinitions definitions;
    private final SchemaLog log;
    private final Refill refill;
    private final Rebuild rebuild;
    private final HistorySeed historySeed;

    /** @param dataSource the data source that {@code jdbi} wraps in a transaction-aware proxy */
    WarehouseSchema(Jdbi jdbi, DataSource dataSource, Dialect dialect, Clock clock) {
        this.lock = dialect.schemaLock(jdbi);
        this.changes = new AllOrNothing(jdbi, dataSource, dialect.transactionalDdl());
        this.live = new LiveTables(jdbi);
        this.definitions = new TableDefinitions(jdbi, dialect, changes);
        this.log = new SchemaLog(jdbi, clock, changes);
        this.refill = new Refill(jdbi, dialect);
        this.rebuild = new Rebuild(jdbi, dialect, definitions, live, changes);
        this.historySeed = new HistorySeed(jdbi, dialect, clock);
    }

    /** Runs {@code work} while no other process changes the data-set tables: under the dialect's {@link SchemaLock}. */
    public void exclusively(Runnable work) {
        lock.exclusively(work);
    }

    /**
     * Runs {@code work}, a start's change of the data-set tables, all or nothing: one transaction on PostgreSQL, each
     * change undone on H2 when it fails ({@link AllOrNothing}).
     *
     * @throws SchemaChangeFailedException when {@code work} failed after it changed something, saying that nothing was
     *         changed, or what is left where taking it back failed too; a failure before any change is thrown as it is
     */
    public void allOrNothing(Runnable work) {
        changes.run(work);
    }

    /** The table as the database has it; empty when there is no such table. */
    public Optional<TableShape> shape(String table) {
        return live.shape(table);
    }

    /** Creates a data-set table with its standard columns, and its child tables. */
    public void create(Table table) {
        definitions.create(table);
    }

    /** Creates a child table of an existing data-set table. */
    public void createChild(Table table, ChildTable child) {
        definitions.createChild(table, child);
    }

    /** Adds a nullable typed column to a table. */
    public void addColumn(String table, Column column) {
        definitions.addColumn(table, column);
    }

    /** Adds {@link StandardColumns#DELETED_AT} to a table created before it was standard. */
    public void addDeletedAt(String table) {
        definitions.addDeletedAt(table);
    }

    /** An index on the columns, named {@code <table>_<last column>}, unless one of that name exists. */
    public void index(String table, List<String> columns) {
        definitions.index(table, columns);
    }

    /** The newest record of what was applied for the data set; empty before the first. */
    public Optional<AppliedSchema> lastApplied(String dataSet) {
        return log.lastApplied(dataSet);
    }

    /** Every record of what was applied, oldest first. */
    public List<AppliedSchema> history() {
        return log.history();
    }

    /** Records what was applied for a data set; {@code appliedAt} is now. */
    public AppliedSchema record(String dataSet, String table, String source, String checksum, List<String> columns, String change) {
        return log.record(dataSet, table, source, checksum, columns, change);
    }

    /**
     * Fills typed columns and child tables again from every row's stored {@code raw}, in batches of {@code batchSize}
     * rows, in place ({@code Refill}).
     *
     * @param columns the typed columns to fill
     * @param children the child tables to fill (replacing what they held for each row)
     * @param derive the row a stored record maps to, as a sync would have written it
     * @return how many rows were filled
     */
    public long rederive(Table table, List<String> columns, List<ChildTable> children, int batchSize,
            Function<StoredRecord, Row> derive) {
        return refill.fill(table, columns, children, batchSize, derive);
    }

    /**
     * Builds the table again as it is declared now, every typed column and child row derived from the stored
     * {@code raw}: for a change that cannot be applied in place ({@code Rebuild}).
     *
     * @return how many rows were rebuilt
     */
    public long rebuild(Table table, int batchSize, Function<StoredRecord, Row> derive) {
        return rebuild.rebuild(table, batchSize, derive);
    }

    /** Creates the history tables of a table that keeps history ({@link io.ledgersync.warehouse.table.Versioning}) and lacks them. */
    public void createHistory(Table table) {
        historySeed.create(table);
    }

    /**
     * Brings the table's history in line with its current rows, from their stored {@code raw}, in batches of
     * {@code batchSize} rows ({@code HistorySeed}): for history turned on for a table that holds data.
     *
     * @return how many versions were written
     */
    public long seedHistory(Table table, int batchSize, Function<StoredRecord, Row> derive) {
        return historySeed.seed(table, batchSize, derive);
    }
}
