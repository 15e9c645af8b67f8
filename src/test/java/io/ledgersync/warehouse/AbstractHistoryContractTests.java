package io.ledgersync.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
import io.ledgersync.warehouse.table.ChildTable;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Row;
import io.ledgersync.warehouse.table.StoredRecord;
import io.ledgersync.warehouse.table.Table;
import io.ledgersync.warehouse.table.Versioning;

/**
 * History mode (issue 26) on every database the warehouse supports: versions written beside the current rows, only
 * for a record that changed, closed by deletes, seeded from raw, purged. One subclass per database.
 */
abstract class AbstractHistoryContractTests {

    private static final ChildTable LINES = new ChildTable("bill_lines", "bill_id", List.of(new Column("amount", ColumnType.DECIMAL)));
    static final Table BILLS = new Table("bills", List.of(
            new Column("company_id", ColumnType.TEXT), new Column("id", ColumnType.TEXT),
            new Column("status", ColumnType.TEXT), new Column("modified_date", ColumnType.TIMESTAMP),
            new Column("is_deleted", ColumnType.BOOLEAN)), List.of("company_id", "id"), List.of(LINES),
            new Versioning("modified_date", "is_deleted"));
    private static final Table BILLS_WITHOUT_HISTORY = new Table("bills", BILLS.columns(), BILLS.key(), BILLS.children());

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T00:00:00Z"));
    private DataSource dataSource;
    private Jdbi jdbi;
    private Dialect dialect;
    private Warehouse warehouse;
    private WarehouseSchema schema;

    abstract String freshDatabaseUrl();

    abstract String user();

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
        schema = new WarehouseSchema(jdbi, dataSource, dialect, clock);
        schema.create(BILLS);
    }

    @Test
    void aChangedRecordGetsAVersionThatClosesTheOneBeforeAtItsModifiedDateAndItsLinesKeyedToIt() {
        schema.createHistory(BILLS);
        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00", "5.00")), 1);
        clock.advance(Duration.ofDays(1));

        warehouse.upsert(BILLS, List.of(bill("b1", "Paid", day(2), false, "10.00")), 2);

        assertThat(versions()).containsExactly(
                "b1 v1 Open " + day(1) + " to " + day(2) + " current=false run 1",
                "b1 v2 Paid " + day(2) + " to null current=true run 2");
        List<String> lines = jdbi.withHandle(h -> h.createQuery("SELECT version, line_number, amount FROM bill_lines_history"
                + " ORDER BY version, line_number").map((rs, ctx) -> rs.getInt(1) + ":" + rs.getInt(2) + ":"
                        + rs.getBigDecimal(3).stripTrailingZeros().toPlainString()).list());
        assertThat(lines)
                .containsExactly("1:1:10", "1:2:5", "2:1:10");
    }

    @Test
    void aRecordReadAgainUnchangedGetsNoVersionHoweverItsJsonIsSpelled() {
        schema.createHistory(BILLS);
        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00")), 1);

        // the overlap of a lookback, a full refresh, a resumed page: the same record, keys in another order, 10.0 for 10.00
        String respelled = "{\"modifiedDate\": \"" + day(1) + "\", \"status\": \"Open\", \"id\": \"b1\", \"lineItems\": [{\"amount\": 10.0}]}";
        warehouse.upsert(BILLS, List.of(new Row(bill("b1", "Open", day(1), false, "10.00").values(), respelled,
                List.of(List.<Object[]>of(new Object[] {new BigDecimal("10.00")})))), 2);
        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00")), 3);

        assertThat(versions()).containsExactly("b1 v1 Open " + day(1) + " to null current=true run 1");
    }

    @Test
    void aSoftDeleteClosesTheCurrentVersionAndTheDeletedRecordReadAgainAddsNothing() {
        schema.createHistory(BILLS);
        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00")), 1);

        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(3), true, "10.00")), 2);
        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(3), true, "10.00")), 3);

        assertThat(versions()).containsExactly(
                "b1 v1 Open " + day(1) + " to " + day(3) + " current=false run 1",
                "b1 v2 Open " + day(3) + " to " + day(3) + " current=false run 2");
        assertThat(asAt(day(2))).containsExactly("b1 v1");
        assertThat(asAt(day(3))).isEmpty();
    }

    @Test
    void aHardDeleteFoundByAFullWalkClosesTheCurrentVersionAndARecordThatComesBackOpensANewOne() {
        schema.createHistory(BILLS);
        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00"), bill("b2", "Open", day(1), false, "1.00")), 1);
        clock.advance(Duration.ofDays(3));
        Instant walkStart = clock.instant();
        // the full walk reads b2 again, unchanged: nothing is written, its id is kept as seen by the walk (issue 28)
        warehouse.write(BILLS, List.of(bill("b2", "Open", day(1), false, "1.00")), 2, new Warehouse.Walked("c1", walkStart, false));

        warehouse.markMissing(BILLS, "c1", walkStart, walkStart.plusSeconds(60), 0.9);

        OffsetDateTime marked = walkStart.plusSeconds(60).atOffset(ZoneOffset.UTC);
        assertThat(versions()).containsExactly(
                "b1 v1 Open " + day(1) + " to " + marked + " current=false run 1",
                "b2 v1 Open " + day(1) + " to null current=true run 1");

        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00")), 3);
        assertThat(versions()).contains("b1 v2 Open " + marked + " to null current=true run 3");
    }

    @Test
    void versionsAndCurrentRowsAreWrittenInOneTransaction() {
        schema.createHistory(BILLS);
        TransactionTemplate chunk = new TransactionTemplate(new DataSourceTransactionManager(dataSource));

        assertThatThrownBy(() -> chunk.executeWithoutResult(status -> {
            warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00")), 1);
            throw new IllegalStateException("the JVM dies mid-chunk");
        })).hasMessage("the JVM dies mid-chunk");

        assertThat(warehouse.count("bills")).isZero();
        assertThat(warehouse.count("bills_history")).isZero();
        assertThat(warehouse.count("bill_lines_history")).isZero();
    }

    /**
     * Issue 28: a first sync into a scope empty in the table, its children and their history goes straight in, first
     * versions and their lines included, without reading the history: the versions are those the look-up would write.
     */
    @Test
    void aFirstSyncIntoAnEmptyScopeWritesFirstVersionsWithTheirLinesAsTheUpsertWould() {
        schema.createHistory(BILLS);
        assertThat(warehouse.isEmpty(BILLS, "c1")).isTrue();

        Warehouse.Written written = warehouse.write(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00", "5.00"),
                bill("b2", "Paid", day(2), true, "1.00")), 1, new Warehouse.Walked("c1", null, true));
        warehouse.upsert(BILLS, List.of(bill("b1", "Paid", day(3), false, "10.00")), 2);

        assertThat(written.straight()).as("PostgreSQL's COPY straight in; H2 has no such path")
                .isEqualTo(dialect instanceof io.ledgersync.warehouse.dialect.PostgresDialect);
        assertThat(versions()).containsExactly(
                "b1 v1 Open " + day(1) + " to " + day(3) + " current=false run 1",
                "b1 v2 Paid " + day(3) + " to null current=true run 2",
                "b2 v1 Paid " + day(2) + " to " + day(2) + " current=false run 1");
        assertThat(historyLines()).containsExactly("b1:1:1:10", "b1:1:2:5", "b1:2:1:10", "b2:1:1:1");
    }

    /**
     * Issue 28: versions left without their current rows (deleted by hand, a table dropped and made again) make the
     * scope not empty, so the next sync reads the history and goes on from its latest version, never writes version 1
     * again.
     */
    @Test
    void versionsLeftWithoutTheirCurrentRowsMakeTheScopeNotEmptyAndTheVersionsGoOn() {
        schema.createHistory(BILLS);
        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00")), 1);
        jdbi.useHandle(h -> {
            h.execute("DELETE FROM bill_lines");
            h.execute("DELETE FROM bills");
        });
        assertThat(warehouse.isEmpty(BILLS, "c1")).as("bills_history has c1's versions").isFalse();

        Warehouse.Written written = warehouse.write(BILLS, List.of(bill("b1", "Paid", day(2), false, "10.00")), 2,
                new Warehouse.Walked("c1", null, warehouse.isEmpty(BILLS, "c1")));

        assertThat(written.straight()).isFalse();
        assertThat(versions()).containsExactly(
                "b1 v1 Open " + day(1) + " to " + day(2) + " current=false run 1",
                "b1 v2 Paid " + day(2) + " to null current=true run 2");
    }

    private List<String> historyLines() {
        return jdbi.withHandle(h -> h.createQuery("SELECT bill_id, version, line_number, amount FROM bill_lines_history"
                + " ORDER BY bill_id, version, line_number").map((rs, ctx) -> rs.getString(1) + ":" + rs.getInt(2) + ":" + rs.getInt(3)
                        + ":" + rs.getBigDecimal(4).stripTrailingZeros().toPlainString()).list());
    }

    @Test
    void historyTurnedOnLaterIsSeededFromRawOnceAndTheNextReadOfAnUnchangedRecordAddsNothing() {
        warehouse.upsert(BILLS_WITHOUT_HISTORY, List.of(bill("b1", "Open", day(1), false, "10.00", "2.50"),
                bill("b2", "Paid", day(2), false, "3.00")), 7);
        warehouse.upsert(BILLS_WITHOUT_HISTORY, List.of(bill("b3", "Open", day(2), false, "1.00")), 8);
        jdbi.useHandle(h -> h.execute("UPDATE bills SET deleted_at = synced_at WHERE id = 'b3'"));

        schema.createHistory(BILLS);
        long seeded = schema.seedHistory(BILLS, 1, this::derive);

        assertThat(seeded).isEqualTo(2);
        assertThat(versions()).containsExactly(
                "b1 v1 Open " + day(1) + " to null current=true run 7",
                "b2 v1 Paid " + day(2) + " to null current=true run 7");
        assertThat(warehouse.count("bill_lines_history")).isEqualTo(3);
        assertThat(schema.seedHistory(BILLS, 1, this::derive)).as("seeded again: nothing changed").isZero();

        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00", "2.50")), 9);
        assertThat(warehouse.count("bills_history")).as("raw as the database gave it back hashes as the page's").isEqualTo(2);
    }

    @Test
    void thePurgeDeletesVersionsClosedBeforeTheCutOffWithTheirLinesAndKeepsCurrentOnes() {
        schema.createHistory(BILLS);
        warehouse.upsert(BILLS, List.of(bill("b1", "Open", day(1), false, "10.00")), 1);
        warehouse.upsert(BILLS, List.of(bill("b1", "Paid", day(5), false, "10.00")), 2);
        warehouse.upsert(BILLS, List.of(bill("b1", "Void", day(9), false, "10.00")), 3);

        int purged = warehouse.purgeVersions(BILLS, day(6).toInstant());

        assertThat(purged).isEqualTo(1);
        assertThat(versions()).containsExactly(
                "b1 v2 Paid " + day(5) + " to " + day(9) + " current=false run 2",
                "b1 v3 Void " + day(9) + " to null current=true run 3");
        List<Integer> lineVersions = jdbi.withHandle(h -> h.createQuery("SELECT version FROM bill_lines_history ORDER BY version")
                .mapTo(Integer.class).list());
        assertThat(lineVersions).containsExactly(2, 3);
    }

    private List<String> versions() {
        return jdbi.withHandle(h -> h.createQuery("SELECT id, version, status, valid_from, valid_to, is_current, run_id"
                + " FROM bills_history ORDER BY id, version").map((rs, ctx) -> rs.getString("id") + " v" + rs.getInt("version")
                + " " + rs.getString("status") + " " + rs.getObject("valid_from", OffsetDateTime.class).withOffsetSameInstant(ZoneOffset.UTC)
                + " to " + (rs.getObject("valid_to") == null ? "null"
                        : rs.getObject("valid_to", OffsetDateTime.class).withOffsetSameInstant(ZoneOffset.UTC))
                + " current=" + rs.getBoolean("is_current") + " run " + rs.getLong("run_id")).list());
    }

    /** docs/history.md's predicate for "the table as at T". */
    private List<String> asAt(OffsetDateTime at) {
        return jdbi.withHandle(h -> h.createQuery("SELECT id, version FROM bills_history WHERE valid_from <= :at"
                + " AND (valid_to IS NULL OR valid_to > :at) ORDER BY id").bind("at", at)
                .map((rs, ctx) -> rs.getString("id") + " v" + rs.getInt("version")).list());
    }

    private static OffsetDateTime day(int day) {
        return OffsetDateTime.of(2026, 2, day, 9, 0, 0, 0, ZoneOffset.UTC);
    }

    private static Row bill(String id, String status, OffsetDateTime modified, boolean deleted, String... lines) {
        List<Object[]> items = new ArrayList<>();
        StringBuilder json = new StringBuilder();
        for (String line : lines) {
            items.add(new Object[] {new BigDecimal(line)});
            json.append(json.isEmpty() ? "" : ", ").append("{\"amount\": ").append(line).append('}');
        }
        String raw = "{\"id\": \"" + id + "\", \"status\": \"" + status + "\", \"modifiedDate\": \"" + modified + "\""
                + (deleted ? ", \"metadata\": {\"isDeleted\": true}" : "") + ", \"lineItems\": [" + json + "]}";
        return new Row(new Object[] {"c1", id, status, modified, deleted}, raw, List.of(items));
    }

    /** What the data set's mapping would make of a stored record: here, the fields this test's rows have. */
    private Row derive(StoredRecord stored) {
        Map<?, ?> json = tools.jackson.databind.json.JsonMapper.builder().build().readValue(stored.raw(), Map.class);
        List<?> lineItems = (List<?>) json.get("lineItems");
        String[] lines = lineItems.stream().map(item -> ((Map<?, ?>) item).get("amount").toString()).toArray(String[]::new);
        Map<?, ?> metadata = (Map<?, ?>) json.get("metadata");
        boolean deleted = metadata != null && Boolean.TRUE.equals(metadata.get("isDeleted"));
        Row derived = bill((String) json.get("id"), (String) json.get("status"), OffsetDateTime.parse((String) json.get("modifiedDate")),
                deleted, lines);
        return new Row(derived.values(), stored.raw(), derived.children());
    }
}
