package io.ledgersync.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.transaction.support.TransactionTemplate;

import io.ledgersync.MutableClock;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.state.RunPurge;
import io.ledgersync.warehouse.state.SyncState.Status;
import io.ledgersync.warehouse.state.SyncState;
import io.ledgersync.warehouse.state.SyncStates;
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.TableShape;

/**
 * What the warehouse promises, on every database it supports: the same tests, one subclass per
 * database, against the real migrations.
 */
abstract class AbstractWarehouseContractTests {

    static final Table THINGS = new Table("invoices", List.of(
            new Column("company_id", ColumnType.TEXT), new Column("id", ColumnType.TEXT),
            new Column("total_amount", ColumnType.DECIMAL), new Column("modified_date", ColumnType.TIMESTAMP),
            new Column("is_deleted", ColumnType.BOOLEAN)), List.of("company_id", "id"));

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    DataSource dataSource;
    Dialect dialect;
    Jdbi jdbi;
    Warehouse warehouse;
    private SyncStates states;
    RunLocks locks;
    private RunPurge purge;

    /** A JDBC URL of an empty database, fresh for each test. */
    abstract String freshDatabaseUrl();

    abstract String user();

    /** The migrations folder of this database, as Spring Boot's {vendor} would choose it. */
    abstract String vendor();

    @BeforeEach
    void migrate() throws Exception {
        dataSource = new DriverManagerDataSource(freshDatabaseUrl(), user(), "");
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration/" + vendor()).load().migrate();
        jdbi = Jdbi.create(new TransactionAwareDataSourceProxy(dataSource)).installPlugin(new SqlObjectPlugin());
        try (var connection = dataSource.getConnection()) {
            dialect = Dialect.forProduct(connection.getMetaData().getDatabaseProductName());
        }
        warehouse = new Warehouse(jdbi, dialect, clock);
        // as every start does after the migrations: the tables V2 and V4 made are adopted and gain deleted_at
        for (String table : List.of("companies", "invoices", "customers")) {
            schema().addDeletedAt(table);
        }
        states = new SyncStates(jdbi, dialect);
        locks = dialect.runLocks(dataSource, "ledgersync host-a/1");
        purge = new RunPurge(jdbi);
    }

    @Test
    void aCompleteWalkMarksWhatItDidNotWriteWithinTheBoundAndAWriteMakesARowLiveAgain() {
        // given 4 rows of company c1 and 1 of c2, then a walk of c1 started later that read 3 of them: 1 changed, 2 not
        warehouse.upsert(THINGS, List.of(row("c1", "i1", "1", false), row("c1", "i2", "2", false), row("c1", "i3", "3", false),
                row("c1", "i4", "4", false), row("c2", "i1", "5", false)), 1);
        clock.advance(java.time.Duration.ofHours(1));
        Instant walkStart = clock.instant();
        warehouse.write(THINGS, List.of(row("c1", "i1", "1", false), row("c1", "i2", "2.5", false), row("c1", "i3", "3", false)), 2,
                new Warehouse.Walked("c1", walkStart, false));
        Instant now = walkStart.plus(java.time.Duration.ofMinutes(5));

        // then a bound of 0.2 of 4 live rows refuses to mark the 1 missing, and 0.5 marks it: c1's only
        assertThat(warehouse.markMissing(THINGS, "c1", walkStart, now, 0.2)).isEqualTo(new Warehouse.Deletions(1, 4, -1));
        assertThat(warehouse.markMissing(THINGS, "c1", walkStart, now, 0.5)).isEqualTo(new Warehouse.Deletions(1, 4, 1));
        List<String> marked = jdbi.withHandle(h -> h.createQuery(
                "SELECT company_id || '/' || id FROM invoices WHERE deleted_at IS NOT NULL").mapTo(String.class).list());
        assertThat(marked).containsExactly("c1/i4");
        assertThat(warehouse.rowCounts(THINGS)).containsEntry("c1", new Warehouse.RowCounts(3, 1))
                .containsEntry("c2", new Warehouse.RowCounts(1, 0));
        assertThat(warehouse.markMissing(THINGS, "c1", walkStart, now, 0.5)).as("marked once: a completion done again after a crash")
                .isEqualTo(new Warehouse.Deletions(0, 3, 0));
        assertThat(seenIds()).as("kept until the company's next walk begins").isEqualTo(2);
        warehouse.forgetSeen(THINGS, "c1", null);
        assertThat(seenIds()).isZero();

        // when the record reappears, its row is live again
        warehouse.upsert(THINGS, List.of(row("c1", "i4", "4", false)), 3);
        assertThat(warehouse.rowCounts(THINGS)).containsEntry("c1", new Warehouse.RowCounts(4, 0));
    }

    /**
     * Issue 28: the ids a full walk's pass keeps count for that pass only (a drift re-walk starts another), for the
     * table and company they were read for, and only once their chunk commits.
     */
    @Test
    void idsReadUnchangedCountForTheirPassTableAndCompanyOnceCommitted() {
        warehouse.upsert(THINGS, List.of(row("c1", "i1", "1", false), row("c1", "i2", "2", false), row("c2", "i1", "5", false)), 1);
        clock.advance(Duration.ofHours(1));
        Instant firstPass = clock.instant();
        warehouse.write(THINGS, List.of(row("c1", "i1", "1", false), row("c1", "i2", "2", false)), 2,
                new Warehouse.Walked("c1", firstPass, false));
        clock.advance(Duration.ofMinutes(1));
        Instant rewalk = clock.instant();
        warehouse.write(THINGS, List.of(row("c1", "i1", "1", false)), 2, new Warehouse.Walked("c1", rewalk, false));
        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            warehouse.write(THINGS, List.of(row("c1", "i2", "2", false)), 2, new Warehouse.Walked("c1", rewalk, false));
            throw new IllegalStateException("the chunk failed after its write");
        })).hasMessageContaining("the chunk failed");

        assertThat(warehouse.markMissing(THINGS, "c2", rewalk, rewalk, 1.0)).as("c2's row was read by no pass of c2")
                .isEqualTo(new Warehouse.Deletions(1, 1, 1));
        assertThat(warehouse.markMissing(THINGS, "c1", rewalk, rewalk, 1.0)).as("i2: seen by the first pass, not by the re-walk")
                .isEqualTo(new Warehouse.Deletions(1, 2, 1));
        assertThat(strings("SELECT company_id || '/' || id FROM invoices WHERE deleted_at IS NOT NULL ORDER BY 1"))
                .containsExactly("c1/i2", "c2/i1");
        warehouse.forgetSeen(THINGS, "c1", rewalk);
        assertThat(seenIds()).as("the re-walk's ids stay while it may still be resumed").isEqualTo(1);
    }

    /** Issue 28: an unchanged record writes nothing, its stamps and child rows stay; a changed one is written with its children. */
    @Test
    void aRecordReadAgainUnchangedWritesNothingAndAChangedOneIsWrittenWithItsChildren() {
        schema().create(BILLS);
        warehouse.upsert(BILLS, List.of(bill("c1", "b1", "desk", "chair"), bill("c1", "b2", "pen")), 1);
        // a mark no rewrite would keep: the unchanged parent's child rows are not deleted and inserted again
        jdbi.useHandle(h -> h.execute("UPDATE bill_lines SET description = 'kept' WHERE bill_id = 'b1' AND line_number = 2"));
        clock.advance(Duration.ofHours(1));

        List<Row> written = warehouse.upsert(BILLS, List.of(bill("c1", "b1", "desk", "chair"), bill("c1", "b2", "pen", "ink")), 2);

        assertThat(written).containsExactly(bill("c1", "b2", "pen", "ink"));
        assertThat(strings("SELECT id || ':' || run_id FROM bills ORDER BY id")).containsExactly("b1:1", "b2:2");
        assertThat(jdbi.withHandle(h -> h.createQuery("SELECT synced_at FROM bills WHERE id = 'b1'").mapTo(OffsetDateTime.class).one())
                .toInstant()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(lines("c1", "b1")).containsExactly("1:desk", "2:kept");
        assertThat(lines("c1", "b2")).containsExactly("1:pen", "2:ink");
        assertThat(warehouse.upsert(BILLS, List.of(bill("c1", "b2", "pen", "ink"), bill("c1", "b2", "pen", "ink")), 3))
                .as("a key repeated unchanged").isEmpty();
    }

    /** Issue 28: a row whose typed columns differ from what its raw maps to now (a column's field changed) is written. */
    @Test
    void aRowWhoseColumnsAMappingChangedIsWrittenThoughItsRawIsTheSame() {
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", "i1", new BigDecimal("1"), null, null}, "{\"a\": 1}")), 1);

        List<Row> written = warehouse.upsert(THINGS, List.of(
                new Row(new Object[] {"c1", "i1", new BigDecimal("1.000"), null, null}, "{\"a\": 1}"),
                new Row(new Object[] {"c1", "i1", new BigDecimal("1"), null, false}, "{\"a\": 1}")), 2);

        assertThat(written).as("1.000 is 1: the first row writes nothing; is_deleted from null to false does")
                .containsExactly(new Row(new Object[] {"c1", "i1", new BigDecimal("1"), null, false}, "{\"a\": 1}"));
        assertThat(number("SELECT run_id FROM invoices")).isEqualTo(2);
    }

    /** Issue 28: a row a full walk marked deleted is written again when its record comes back, unchanged or not. */
    @Test
    void aRowMarkedDeletedIsWrittenLiveAgainWhenItsRecordComesBackUnchanged() {
        warehouse.upsert(THINGS, List.of(row("c1", "i1", "1", false), row("c1", "i2", "2", false)), 1);
        clock.advance(Duration.ofHours(1));
        Instant walkStart = clock.instant();
        warehouse.write(THINGS, List.of(row("c1", "i1", "1", false)), 2, new Warehouse.Walked("c1", walkStart, false));
        assertThat(warehouse.markMissing(THINGS, "c1", walkStart, walkStart, 1.0).marked()).isEqualTo(1);

        List<Row> written = warehouse.upsert(THINGS, List.of(row("c1", "i2", "2", false)), 3);

        assertThat(written).containsExactly(row("c1", "i2", "2", false));
        assertThat(warehouse.rowCounts(THINGS)).containsEntry("c1", new Warehouse.RowCounts(2, 0));
        assertThat(number("SELECT run_id FROM invoices WHERE id = 'i2'")).isEqualTo(3);
    }

    /**
     * Issue 28: into a company's rows that were empty when its partition began, a chunk goes straight in (PostgreSQL:
     * one COPY into the table); a chunk with a key already there, or repeated, is upserted instead, all of it, and so
     * are the partition's later chunks.
     */
    @Test
    void intoAnEmptyScopeRowsGoStraightInAndAKeyAlreadyThereFallsBackToTheUpsert() {
        schema().create(BILLS);
        warehouse.upsert(BILLS, List.of(bill("c2", "b1", "ink")), 1);
        assertThat(warehouse.isEmpty(BILLS, "c1")).isTrue();
        assertThat(warehouse.isEmpty(BILLS, "c2")).isFalse();
        assertThat(warehouse.isEmpty(BILLS, null)).as("a top-level data set's scope is the table").isFalse();
        Warehouse.Walked intoEmpty = new Warehouse.Walked("c1", null, true);

        Warehouse.Written first = warehouse.write(BILLS, List.of(bill("c1", "b1", "desk"), bill("c1", "b2", "pen")), 2, intoEmpty);
        Warehouse.Written resumed = warehouse.write(BILLS, List.of(bill("c1", "b2", "pen", "ink"), bill("c1", "b3", "cup")), 3, intoEmpty);
        Warehouse.Written repeated = warehouse.write(BILLS, List.of(bill("c1", "b4", "a"), bill("c1", "b4", "b")), 4, intoEmpty);

        assertThat(first.straight()).isEqualTo(straightInserts());
        assertThat(first.rows()).hasSize(2);
        assertThat(resumed.straight()).isFalse();
        assertThat(resumed.rows()).containsExactly(bill("c1", "b2", "pen", "ink"), bill("c1", "b3", "cup"));
        assertThat(repeated.straight()).isFalse();
        assertThat(warehouse.count("bills")).isEqualTo(5);
        assertThat(lines("c1", "b1")).containsExactly("1:desk");
        assertThat(lines("c1", "b2")).containsExactly("1:pen", "2:ink");
        assertThat(lines("c1", "b4")).as("the last row of a repeated key").containsExactly("1:b");
        assertThat(lines("c2", "b1")).containsExactly("1:ink");
        assertThat(number("SELECT COUNT(*) FROM bills WHERE deleted_at IS NULL")).isEqualTo(5);
    }

    /**
     * Issue 28: the straight path inserts child rows without deleting a parent's old ones, so a scope is empty only when
     * its child tables have no row of it either: child rows left without their parent make it a scope to upsert into,
     * and the upsert replaces them.
     */
    @Test
    void childRowsLeftWithoutTheirParentMakeTheScopeNotEmptyAndTheUpsertReplacesThem() {
        schema().create(BILLS);
        warehouse.upsert(BILLS, List.of(bill("c1", "b1", "desk", "chair")), 1);
        jdbi.useHandle(h -> h.execute("DELETE FROM bills"));
        assertThat(warehouse.isEmpty(BILLS, "c1")).as("bill_lines has c1's rows").isFalse();

        Warehouse.Written written = warehouse.write(BILLS, List.of(bill("c1", "b1", "lamp")), 2,
                new Warehouse.Walked("c1", null, warehouse.isEmpty(BILLS, "c1")));

        assertThat(written.straight()).isFalse();
        assertThat(lines("c1", "b1")).containsExactly("1:lamp");
    }

    /** Whether this database has a straight path for a first sync ({@code RowUpsert.insertNew}). */
    boolean straightInserts() {
        return false;
    }

    long seenIds() {
        return number("SELECT COUNT(*) FROM walk_seen");
    }

    private List<String> strings(String sql) {
        return jdbi.withHandle(h -> h.createQuery(sql).mapTo(String.class).list());
    }

    private long number(String sql) {
        return jdbi.withHandle(h -> h.createQuery(sql).mapTo(Long.class).one());
    }

    @Test
    void upsertInsertsThenReplacesTheRowWithTheSameKey() {
        warehouse.upsert(THINGS, List.of(row("c1", "i1", "10.00", false), row("c1", "i2", "20.00", false)), 1);
        warehouse.upsert(THINGS, List.of(row("c1", "i1", "11.50", true)), 2);

        assertThat(warehouse.count("invoices")).isEqualTo(2);
        var i1 = jdbi.withHandle(h -> h.createQuery("SELECT total_amount, is_deleted, run_id FROM invoices WHERE id = 'i1'").mapToMap().one());
        assertThat((BigDecimal) i1.get("total_amount")).isEqualByComparingTo("11.50");
        assertThat(i1.get("is_deleted")).isEqualTo(true);
        assertThat(((Number) i1.get("run_id")).longValue()).isEqualTo(2);
    }

    @Test
    void aKeyRepeatedWithinOneChunkKeepsItsLastRow() {
        warehouse.upsert(THINGS, List.of(row("c1", "i1", "10.00", false), row("c1", "i1", "12.00", true)), 1);

        var i1 = jdbi.withHandle(h -> h.createQuery("SELECT total_amount, is_deleted FROM invoices WHERE id = 'i1'").mapToMap().one());
        assertThat((BigDecimal) i1.get("total_amount")).isEqualByComparingTo("12.00");
        assertThat(i1.get("is_deleted")).isEqualTo(true);
    }

    /** Megabytes of JSON: on H2, raw is CHARACTER VARYING since V5, which takes up to 1,000,000,000 characters. */
    @Test
    void aRecordOfMillionsOfCharactersRoundTrips() {
        String big = "{\"id\": \"i1\", \"note\": \"" + "0123456789".repeat(300_000) + "\"}";
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", "i1", null, null, null}, big)), 1);
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", "i1", null, null, null}, big)), 2);

        String stored = jdbi.withHandle(h -> h.createQuery("SELECT CAST(raw AS VARCHAR) FROM invoices").mapTo(String.class).one());
        assertThat(stored).hasSizeGreaterThan(3_000_000);
        assertThat(tools.jackson.databind.json.JsonMapper.builder().build().readTree(stored))
                .isEqualTo(tools.jackson.databind.json.JsonMapper.builder().build().readTree(big));
    }

    @Test
    void textAndJsonWithTabsNewlinesBackslashesAndNullsArriveUnchanged() {
        String awkward = "tab\there\nnew \\ line\r, \"quoted\", caf\u00e9 \u20ac";
        String raw = "{\"id\": \"i\\tx\", \"note\": \"a\\\\b\\nc\"}";
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", awkward, null, null, null}, raw)), 1);

        var row = jdbi.withHandle(h -> h.createQuery("SELECT id, total_amount, modified_date, is_deleted, CAST(raw AS VARCHAR) AS raw_text"
                + " FROM invoices").mapToMap().one());
        assertThat(row.get("id")).isEqualTo(awkward);
        assertThat(row.get("total_amount")).isNull();
        assertThat(row.get("modified_date")).isNull();
        assertThat(row.get("is_deleted")).isNull();
        assertThat(tools.jackson.databind.json.JsonMapper.builder().build().readTree((String) row.get("raw_text")))
                .isEqualTo(tools.jackson.databind.json.JsonMapper.builder().build().readTree(raw));
    }

    @Test
    void timestampsKeepTheirInstantWhateverTheirOffset() {
        OffsetDateTime withOffset = OffsetDateTime.of(2025, 6, 30, 23, 59, 58, 123_456_000, ZoneOffset.ofHours(-5));
        warehouse.upsert(THINGS, List.of(new Row(new Object[] {"c1", "i1", new BigDecimal("-0.0001"), withOffset, false}, "{}")), 1);

        var row = jdbi.withHandle(h -> h.createQuery("SELECT total_amount, modified_date FROM invoices").mapToMap().one());
        assertThat((BigDecimal) row.get("total_amount")).isEqualByComparingTo("-0.0001");
        assertThat(jdbi.withHandle(h -> h.createQuery("SELECT modified_date FROM invoices").mapTo(OffsetDateTime.class).one())
                .toInstant()).isEqualTo(withOffset.toInstant());
    }

    @Test
    void rowsOfAFailedTransactionAreRolledBack() {
        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            warehouse.upsert(THINGS, List.of(row("c1", "i1", "10.00", false)), 1);
            throw new IllegalStateException("the chunk failed after its write");
        })).hasMessageContaining("the chunk failed");

        assertThat(warehouse.count("invoices")).isZero();
    }

    /** A parent with line items, as jobs/invoices.yml declares them (docs/data-sets.md, "Tables"). */
    static final ChildTable LINES = new ChildTable("bill_lines", "bill_id", List.of(
            new Column("description", ColumnType.TEXT), new Column("amount", ColumnType.DECIMAL)));
    static final Table BILLS = new Table("bills", List.of(new Column("company_id", ColumnType.TEXT), new Column("id", ColumnType.TEXT),
            new Column("total", ColumnType.DECIMAL)), List.of("company_id", "id"), List.of(LINES));

    WarehouseSchema schema() {
        return new WarehouseSchema(jdbi, dataSource, dialect, clock);
    }

    static Row bill(String company, String id, String... lines) {
        List<Object[]> items = new java.util.ArrayList<>();
        for (String line : lines) {
            items.add(new Object[] {line, new BigDecimal(line.length())});
        }
        // raw holds what the typed columns and child rows derive from, as a record's does
        String raw = "{\"id\": \"" + id + "\", \"lines\": " + lines.length + ", \"items\": [" + String.join(", ", java.util.Arrays.stream(lines)
                .map(line -> "\"" + line + "\"").toList()) + "]}";
        return new Row(new Object[] {company, id, new BigDecimal(lines.length)}, raw, List.of(items));
    }

    private List<String> lines(String company, String bill) {
        return jdbi.withHandle(h -> h.createQuery("SELECT line_number || ':' || description FROM bill_lines"
                + " WHERE company_id = :c AND bill_id = :b ORDER BY line_number").bind("c", company).bind("b", bill)
                .mapTo(String.class).list());
    }

    /** Issue 15: a parent's child rows are replaced with it, so a line removed at the source disappears. */
    @Test
    void childRowsAreReplacedExactlyWithTheirParent() {
        schema().create(BILLS);
        warehouse.upsert(BILLS, List.of(bill("c1", "b1", "desk", "chair", "lamp"), bill("c1", "b2", "pen"), bill("c2", "b1", "ink")), 1);

        warehouse.upsert(BILLS, List.of(bill("c1", "b1", "desk", "sofa")), 2);

        assertThat(lines("c1", "b1")).containsExactly("1:desk", "2:sofa");
        assertThat(lines("c1", "b2")).as("another parent keeps its lines").containsExactly("1:pen");
        assertThat(lines("c2", "b1")).as("the same id in another company keeps its lines").containsExactly("1:ink");
        warehouse.upsert(BILLS, List.of(bill("c1", "b2"), bill("c1", "b1", "x"), bill("c1", "b1", "y", "z")), 3);
        assertThat(lines("c1", "b2")).as("no items: no rows").isEmpty();
        assertThat(lines("c1", "b1")).as("the last row of a key in a chunk wins, with its items").containsExactly("1:y", "2:z");
        BigDecimal amount = jdbi.withHandle(h -> h.createQuery("SELECT amount FROM bill_lines WHERE bill_id = 'b1' AND company_id = 'c1'"
                + " AND line_number = 2").mapTo(BigDecimal.class).one());
        assertThat(amount).isEqualByComparingTo("1");
    }

    @Test
    void aFailedChunkLeavesNeitherTheParentNorItsChildRows() {
        schema().create(BILLS);
        warehouse.upsert(BILLS, List.of(bill("c1", "b1", "desk")), 1);
        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(dataSource));

        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
            warehouse.upsert(BILLS, List.of(bill("c1", "b1", "sofa", "rug")), 2);
            throw new IllegalStateException("the chunk failed after its write");
        })).hasMessageContaining("the chunk failed");

        assertThat(lines("c1", "b1")).containsExactly("1:desk");
    }

    /**
     * Issue 25, item 7: a start's change of the data-set tables is all or nothing: a table with its child, a column added
     * to another table, its index and the record of the change all go when a later step fails (one transaction on
     * PostgreSQL, undone on H2), also under the schema lock, as a start runs it; the failure says that nothing was changed.
     */
    @Test
    void aSchemaChangeThatFailsMidWayIsTakenBackWhole() {
        WarehouseSchema schema = schema();
        TableShape invoicesBefore = schema.shape("invoices").orElseThrow();
        int recordsBefore = schema.history().size();

        assertThatThrownBy(() -> schema.exclusively(() -> schema.allOrNothing(() -> {
            schema.create(BILLS);
            schema.addColumn("invoices", new Column("note", ColumnType.TEXT));
            schema.index("invoices", List.of("company_id", "note"));
            schema.record("bills", "bills", "jobs/bills.yml", "0", List.of("total"), "created table bills");
            throw new IllegalStateException("Data set bills (jobs/bills.yml): the next step failed");
        }))).isInstanceOf(SchemaChangeFailedException.class)
                .hasMessage("Data set bills (jobs/bills.yml): the next step failed; nothing was changed: the warehouse is as it"
                        + " was before this start");

        assertThat(schema.shape("bills")).isEmpty();
        assertThat(schema.shape("bill_lines")).isEmpty();
        assertThat(schema.shape("invoices")).contains(invoicesBefore);
        assertThat(schema.history()).hasSize(recordsBefore);
        schema.allOrNothing(() -> schema.index("invoices", List.of("company_id", "status")));
        assertThat(schema.shape("invoices")).as("the same index can be made again").contains(invoicesBefore);
    }

    @Test
    void aFailureBeforeAnyChangeIsThrownAsItIs() {
        IllegalStateException refusal = new IllegalStateException("refused before any change");

        assertThatThrownBy(() -> schema().allOrNothing(() -> {
            throw refusal;
        })).isSameAs(refusal);
    }

    @Test
    void theSchemaCreatesTablesWithTheStandardColumnsAndTellsTheirShape() {
        WarehouseSchema schema = schema();
        assertThat(schema.shape("bills")).isEmpty();

        schema.create(BILLS);

        TableShape bills = schema.shape("bills").orElseThrow();
        assertThat(bills.key()).containsExactly("company_id", "id");
        assertThat(bills.columns().keySet()).containsExactly("company_id", "id", "total", "raw", "synced_at", "run_id", "deleted_at");
        assertThat(bills.columns().get("total")).isEqualTo(ColumnType.DECIMAL);
        assertThat(bills.columns().get("synced_at")).isEqualTo(ColumnType.TIMESTAMP);
        assertThat(schema.shape("bill_lines").orElseThrow().key()).containsExactly("company_id", "bill_id", "line_number");
        TableShape invoices = schema.shape("invoices").orElseThrow();
        assertThat(invoices.columns().get("status")).as("V2's VARCHAR(32) is text").isEqualTo(ColumnType.TEXT);
        assertThat(invoices.columns().get("total_amount")).as("V2's NUMERIC(19, 4) is decimal").isEqualTo(ColumnType.DECIMAL);
    }

    /** A new column is filled from raw in bounded batches; synced_at and run_id stay, since nothing was synced. */
    @Test
    void aNewColumnIsFilledFromRawBatchByBatchKeepingTheStamps() {
        WarehouseSchema schema = schema();
        schema.create(BILLS);
        List<Row> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 25; i++) {
            rows.add(bill("c" + (i % 3), "b" + i, "a".repeat(i % 4)));
        }
        warehouse.upsert(BILLS, rows, 7);
        Table withCount = new Table("bills", List.of(new Column("company_id", ColumnType.TEXT), new Column("id", ColumnType.TEXT),
                new Column("total", ColumnType.DECIMAL), new Column("line_count", ColumnType.INTEGER)), List.of("company_id", "id"),
                List.of(LINES));
        schema.addColumn("bills", new Column("line_count", ColumnType.INTEGER));
        List<Integer> batches = new java.util.ArrayList<>();

        long filled = schema.rederive(withCount, List.of("line_count"), List.of(), 4, stored -> {
            batches.add(1);
            long count = Long.parseLong(stored.raw().replaceAll(".*\"lines\": (\\d+).*", "$1"));
            return new Row(new Object[] {stored.companyId(), "ignored", BigDecimal.ZERO, count}, stored.raw(), List.of(List.of()));
        });

        assertThat(filled).isEqualTo(25);
        assertThat(batches).hasSize(25);
        long matching = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM bills WHERE line_count = total AND run_id = 7")
                .mapTo(Long.class).one());
        assertThat(matching).isEqualTo(25);
    }

    /** schema --rebuild: the table again as declared now, every typed column from raw; raw and the stamps kept. */
    @Test
    void aRebuildChangesAColumnsTypeFromRawKeepingRawAndStamps() {
        WarehouseSchema schema = schema();
        schema.create(BILLS);
        warehouse.upsert(BILLS, List.of(bill("c1", "b1", "desk", "chair"), bill("c1", "b2", "pen")), 3);
        Table textTotal = new Table("bills", List.of(new Column("company_id", ColumnType.TEXT), new Column("id", ColumnType.TEXT),
                new Column("total", ColumnType.TEXT)), List.of("company_id", "id"), List.of(LINES));

        long rebuilt = schema.rebuild(textTotal, 1, stored -> {
            String id = stored.raw().replaceAll(".*\"id\": \"([^\"]+)\".*", "$1");
            return new Row(new Object[] {stored.companyId(), id, "total of " + id}, stored.raw(),
                    List.of(List.<Object[]>of(new Object[] {"again " + id, BigDecimal.ONE})));
        });

        assertThat(rebuilt).isEqualTo(2);
        assertThat(schema.shape("bills").orElseThrow().columns().get("total")).isEqualTo(ColumnType.TEXT);
        List<String> totals = jdbi.withHandle(h -> h.createQuery("SELECT total FROM bills WHERE run_id = 3 ORDER BY id")
                .mapTo(String.class).list());
        assertThat(totals).containsExactly("total of b1", "total of b2");
        assertThat(lines("c1", "b1")).containsExactly("1:again b1");
        assertThat(schema.shape("bills_rebuild")).isEmpty();
        schema.rebuild(textTotal, 10, stored -> new Row(new Object[] {stored.companyId(),
                stored.raw().replaceAll(".*\"id\": \"([^\"]+)\".*", "$1"), "twice"}, stored.raw(), List.of(List.of())));
        assertThat(warehouse.count("bills")).as("a second rebuild, with the names the first left").isEqualTo(2);
    }

    @Test
    void whatWasAppliedIsRecordedNewestLast() {
        WarehouseSchema schema = schema();
        schema.record("bills", "bills", "./jobs/bills.yml", "abc", List.of("id", "total"), "created table bills");
        clock.advance(Duration.ofMinutes(1));
        schema.record("bills", "bills", "./jobs/bills.yml", "def", List.of("id", "total", "child:bill_lines"), "added bill_lines");

        AppliedSchema last = schema.lastApplied("bills").orElseThrow();
        assertThat(last.checksum()).isEqualTo("def");
        assertThat(last.columns()).containsExactly("id", "total", "child:bill_lines");
        assertThat(last.appliedAt()).isEqualTo(clock.instant());
        assertThat(schema.history()).extracting(AppliedSchema::change).containsExactly("created table bills", "added bill_lines");
        assertThat(schema.lastApplied("invoices")).isEmpty();
    }

    @Test
    void clearingWatermarksForgetsThoseOfTheNamedCompaniesOrOfAllAndKeepsTheRestOfTheirState() {
        // given invoices watermarked for c1, c2 and c3, and bills for c1
        Instant watermark = clock.instant().minusSeconds(3600);
        for (String company : List.of("c1", "c2", "c3")) {
            states.save(state(company, Status.OK, 0, null));
            states.walkCompleted(company, "invoices", false, watermark, clock.instant());
        }
        states.save(new SyncState("c1", "bills", Status.OK, 0, null, null, null, null, 1, clock.instant(), 0, null));
        states.walkCompleted("c1", "bills", false, watermark, clock.instant());

        // when those of c1 and c2 are cleared, then those of c3 and the bills stay, and the state rows stay
        assertThat(states.clearWatermarks("invoices", List.of("c1", "c2"))).isEqualTo(2);
        assertThat(states.watermarks("invoices")).containsOnlyKeys("c3");
        assertThat(states.watermarks("bills")).containsOnlyKeys("c1");
        assertThat(states.find("c1", "invoices")).get().extracting(SyncState::state).isEqualTo(Status.OK);

        // when all of a data set's are cleared, then none is left, and clearing again clears none
        assertThat(states.clearWatermarks("invoices", List.of())).isEqualTo(1);
        assertThat(states.watermarks("invoices")).isEmpty();
        assertThat(states.clearWatermarks("invoices", List.of())).isZero();
    }

    @Test
    void syncStateIsSavedReplacedAndFoundWhenDue() {
        Instant now = clock.instant();
        states.save(state("c1", Status.DEFERRED, 1, now.plusSeconds(600)));
        states.save(state("c2", Status.DEFERRED, 2, now.minusSeconds(1)));
        states.save(state("c3", Status.UNSUPPORTED, 0, null));

        assertThat(states.due(now)).extracting(SyncState::companyId).containsExactly("c2");
        assertThat(states.due(now.plusSeconds(600))).extracting(SyncState::companyId).containsExactly("c2", "c1");

        states.save(state("c2", Status.OK, 0, null));
        Optional<SyncState> c2 = states.find("c2", "invoices");
        assertThat(c2).get().extracting(SyncState::state, SyncState::attempts).containsExactly(Status.OK, 0);
        assertThat(states.all()).hasSize(3);
    }

    @Test
    void aFailureStreakIsSavedWithTheInstantItBeganAndReadBackByEveryRead() {
        Instant firstFailure = Instant.parse("2025-12-29T02:10:00.123456Z");
        states.save(new SyncState("c1", "invoices", Status.FAILED, 3, null, null, "500 from the Data API", "corr-c1", 7,
                clock.instant(), 3, firstFailure));
        states.save(state("c2", Status.OK, 0, null));

        assertThat(states.find("c1", "invoices")).get().extracting(SyncState::consecutiveFailures, SyncState::failingSince)
                .containsExactly(3, firstFailure);
        assertThat(states.all()).extracting(SyncState::companyId, SyncState::consecutiveFailures, SyncState::failingSince)
                .containsExactly(tuple("c1", 3, firstFailure), tuple("c2", 0, null));
        assertThat(states.standings()).extracting(SyncStates.Standing::consecutiveFailures, SyncStates.Standing::failingSince)
                .containsExactly(tuple(3, firstFailure), tuple(0, null));

        states.save(state("c1", Status.OK, 0, null));

        assertThat(states.find("c1", "invoices")).get().extracting(SyncState::consecutiveFailures, SyncState::failingSince)
                .containsExactly(0, null);
    }

    /** V13 on a warehouse that has company data sets already: they are not failing, until a run fails them. */
    @Test
    void theRowsOfAnUpgradedWarehouseStartWithNoFailureStreak() {
        DataSource older = new DriverManagerDataSource(freshDatabaseUrl(), user(), "");
        Flyway.configure().dataSource(older).locations("classpath:db/migration/" + vendor()).target("12").load().migrate();
        Jdbi olderJdbi = Jdbi.create(older).installPlugin(new SqlObjectPlugin());
        olderJdbi.useHandle(h -> h.execute("INSERT INTO sync_state (company_id, data_set, state, attempts, last_error, last_run_id,"
                + " updated_at) VALUES ('c1', 'invoices', 'FAILED', 2, '500 from the Data API', 4, CURRENT_TIMESTAMP)"));

        Flyway.configure().dataSource(older).locations("classpath:db/migration/" + vendor()).load().migrate();

        SyncState upgraded = new SyncStates(olderJdbi, dialect).find("c1", "invoices").orElseThrow();
        assertThat(upgraded)
                .extracting(SyncState::state, SyncState::attempts, SyncState::consecutiveFailures, SyncState::failingSince)
                .containsExactly(Status.FAILED, 2, 0, null);
    }

    @Test
    void reconciliationRecordsWhetherWhatWasReadMatchesTotalResults() {
        states.reconcile(7, "c1", "invoices", 250, 250, clock.instant());
        states.reconcile(7, "c2", "invoices", 249, 250, clock.instant());

        assertThat(states.reconciliations(7)).extracting(SyncStates.Reconciliation::matched).containsExactly(true, false);
    }

    @Test
    void aRunLockIsExclusiveUntilReleasedAndNamesItsHolder() {
        Optional<RunLocks.Held> first = locks.tryAcquire("full");

        assertThat(first).isPresent();
        assertThat(locks.tryAcquire("full")).as("the same kind of run").isEmpty();
        assertThat(locks.holder("full")).get().asString().startsWith("ledgersync host-a/1");
        Optional<RunLocks.Held> deferred = locks.tryAcquire("deferred");
        assertThat(deferred).as("another kind of run").isPresent();

        first.get().close();
        first.get().close(); // twice: nothing more
        assertThat(locks.holder("full")).isEmpty();
        Optional<RunLocks.Held> again = locks.tryAcquire("full");
        assertThat(again).isPresent();
        again.get().close();
        deferred.get().close();
    }

    @Test
    void theLeasedLockTableIsGone() {
        long tables = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'run_lock'")
                .mapTo(Long.class).one());

        assertThat(tables).as("V7 drops run_lock").isZero();
    }

    /** The statuses of runs with nothing left to resume, as the sync says them ({@code RunState.finished}). */
    private static final Set<String> FINISHED = Set.of("COMPLETED", "ABANDONED", "UNKNOWN");

    /** The job repository's tables and sync_reconciliation, by the column that names a job execution. */
    private static final List<List<String>> RUN_TABLES = List.of(List.of("batch_job_execution", "job_execution_id"),
            List.of("batch_job_execution_params", "job_execution_id"), List.of("batch_job_execution_context", "job_execution_id"),
            List.of("batch_step_execution", "job_execution_id"), List.of("sync_reconciliation", "run_id"));

    @Test
    void aPurgeDeletesEveryRowOfTheRunsOlderThanTheCutoffAndNothingNewer() {
        JobRepositoryRows rows = new JobRepositoryRows(jdbi, List.of("customers", "invoices"), 2, JobRepositoryRows.plainContexts());
        Instant now = Instant.parse("2026-11-22T03:30:00Z");
        JobRepositoryRows.Run oldest = rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(200))));
        JobRepositoryRows.Run failed = rows.run("FULL", "FAILED", local(now.minus(Duration.ofDays(100))));
        JobRepositoryRows.Run resumed = rows.resume(failed, "FULL", "COMPLETED", local(now.minus(Duration.ofDays(99))));
        JobRepositoryRows.Run recent = rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(1))));
        long stepContextsBefore = count("batch_step_execution_context");

        RunPurge.Purged purged = purge.purge("sync", "mode", FINISHED, now.minus(Duration.ofDays(90)));

        assertThat(purged).isEqualTo(new RunPurge.Purged(3, 2, 3 * (2 + 2 * 2), 2 * 2 * 2, 0, 0));
        List<Long> gone = List.of(oldest.executionId(), failed.executionId(), resumed.executionId());
        for (List<String> table : RUN_TABLES) {
            assertThat(rows.rowsOf(table.get(0), table.get(1), gone)).as(table.get(0)).isZero();
            assertThat(rows.rowsOf(table.get(0), table.get(1), List.of(recent.executionId()))).as(table.get(0)).isPositive();
        }
        assertThat(count("batch_step_execution_context")).isEqualTo(stepContextsBefore - 3 * 6);
        List<Long> instances = jdbi.withHandle(h -> h.createQuery("SELECT job_instance_id FROM batch_job_instance").mapTo(Long.class).list());
        assertThat(instances).containsExactly(recent.instanceId());
        assertThat(purge.purge("sync", "mode", FINISHED, now.minus(Duration.ofDays(90))).runs()).as("nothing left to purge").isZero();
    }

    @Test
    void aPurgeNeverTakesTheNewestSuccessfulRunOfAKindNorARunThatCanBeResumed() {
        JobRepositoryRows rows = new JobRepositoryRows(jdbi, List.of("invoices"), 1, JobRepositoryRows.plainContexts());
        Instant now = Instant.parse("2026-11-22T03:30:00Z");
        JobRepositoryRows.Run olderFull = rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(300))));
        JobRepositoryRows.Run olderDeferred = rows.run("DEFERRED", "COMPLETED", local(now.minus(Duration.ofDays(290))));
        JobRepositoryRows.Run abandoned = rows.run("FULL", "ABANDONED", local(now.minus(Duration.ofDays(280))));
        JobRepositoryRows.Run newestDeferred = rows.run("DEFERRED", "COMPLETED", local(now.minus(Duration.ofDays(270))));
        JobRepositoryRows.Run newestFull = rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(260))));
        JobRepositoryRows.Run failed = rows.run("FULL", "FAILED", local(now.minus(Duration.ofDays(250))));
        JobRepositoryRows.Run stopped = rows.run("DEFERRED", "STOPPED", local(now.minus(Duration.ofDays(240))));
        JobRepositoryRows.Run killed = rows.run("FULL", "STARTED", local(now.minus(Duration.ofDays(230))));
        JobRepositoryRows.Run legacy = rows.run(null, "COMPLETED", local(now.minus(Duration.ofDays(220))));
        JobRepositoryRows.Run failedFirst = rows.run("FULL", "FAILED", local(now.minus(Duration.ofDays(210))));
        JobRepositoryRows.Run resumedRecently = rows.resume(failedFirst, "FULL", "STARTED", local(now.minus(Duration.ofHours(1))));

        RunPurge.Purged purged = purge.purge("sync", "mode", FINISHED, now.minus(Duration.ofDays(90)));

        assertThat(executions()).containsExactly(newestDeferred.executionId(), newestFull.executionId(), failed.executionId(),
                stopped.executionId(), killed.executionId(), legacy.executionId(), failedFirst.executionId(),
                resumedRecently.executionId());
        assertThat(purged.runs()).as("%s, %s and %s", olderFull, olderDeferred, abandoned).isEqualTo(3);
        assertThat(purged.keptNewest()).as("full, deferred, and runs from before modes").isEqualTo(3);
        assertThat(purged.keptResumable()).as("failed, stopped and killed").isEqualTo(3);
    }

    @Test
    void theOldRunsThatCanBeResumedButThatALaterRunOfTheirKindSupersededAreTheSupersededOnes() {
        JobRepositoryRows rows = new JobRepositoryRows(jdbi, List.of("invoices"), 1, JobRepositoryRows.plainContexts());
        Instant now = Instant.parse("2026-11-22T03:30:00Z");
        JobRepositoryRows.Run failed = rows.run("FULL", "FAILED", local(now.minus(Duration.ofDays(250))));
        JobRepositoryRows.Run failedAgain = rows.resume(failed, "FULL", "FAILED", local(now.minus(Duration.ofDays(249))));
        JobRepositoryRows.Run legacy = rows.run(null, "STOPPED", local(now.minus(Duration.ofDays(240))));
        rows.run("DEFERRED", "FAILED", local(now.minus(Duration.ofDays(230)))); // the newest of its kind: a launch resumes it
        rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(220))));
        rows.run("FULL", "FAILED", local(now.minus(Duration.ofDays(10)))); // superseded, but within the retention
        rows.run("FULL", "COMPLETED", local(now.minus(Duration.ofDays(5))));

        List<RunPurge.Superseded> superseded = purge.superseded("sync", "mode", "FULL", FINISHED, now.minus(Duration.ofDays(90)));

        assertThat(superseded).as("a run without a mode is of the default one").containsExactly(
                new RunPurge.Superseded(failed.instanceId(), failedAgain.executionId()),
                new RunPurge.Superseded(legacy.instanceId(), legacy.executionId()));
    }

    private List<Long> executions() {
        return jdbi.withHandle(h -> h.createQuery("SELECT job_execution_id FROM batch_job_execution ORDER BY job_execution_id")
                .mapTo(Long.class).list());
    }

    private long count(String table) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }

    /** Spring Batch keeps the local time of the JVM. */
    private static java.time.LocalDateTime local(Instant instant) {
        return java.time.LocalDateTime.ofInstant(instant, java.time.ZoneId.systemDefault());
    }

    private static Row row(String company, String id, String total, boolean deleted) {
        return new Row(new Object[] {company, id, new BigDecimal(total), OffsetDateTime.of(2025, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC), deleted},
                "{\"id\": \"" + id + "\", \"total\": " + total + ", \"isDeleted\": " + deleted + "}");
    }

    private SyncState state(String company, Status status, int attempts, Instant next) {
        return new SyncState(company, "invoices", status, attempts, next, null, status == Status.OK ? null : "409 from the Data API",
                "corr-" + company, 1, clock.instant(), 0, null);
    }
}
