package io.ledgersync.warehouse.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import io.ledgersync.warehouse.table.Column;
import io.ledgersync.warehouse.table.ColumnType;
import io.ledgersync.warehouse.table.Table;

class DialectTests {

    private final Table invoices = new Table("invoices",
            List.of(new Column("company_id", ColumnType.TEXT), new Column("id", ColumnType.TEXT), new Column("total", ColumnType.DECIMAL)),
            List.of("company_id", "id"));

    @Test
    void h2MergesOnThePrimaryKeyClearingDeletedAt() {
        assertThat(Dialect.forProduct("H2").upsert(invoices)).isEqualTo(
                "MERGE INTO invoices (company_id, id, total, raw, synced_at, run_id, deleted_at) KEY (company_id, id)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?)");
    }

    @Test
    void postgresInsertsOnConflictUpdatingEveryNonKeyColumnAndCastsRawToJsonb() {
        assertThat(Dialect.forProduct("PostgreSQL").upsert(invoices)).isEqualTo(
                "INSERT INTO invoices (company_id, id, total, raw, synced_at, run_id, deleted_at)"
                        + " VALUES (?, ?, ?, CAST(? AS jsonb), ?, ?, ?)"
                        + " ON CONFLICT (company_id, id) DO UPDATE SET total = EXCLUDED.total, raw = EXCLUDED.raw,"
                        + " synced_at = EXCLUDED.synced_at, run_id = EXCLUDED.run_id, deleted_at = EXCLUDED.deleted_at");
    }

    @Test
    void postgresUpsertsAStagedChunkOnceKeepingTheLastRowOfAKey() {
        PostgresDialect postgres = (PostgresDialect) Dialect.forProduct("PostgreSQL");

        assertThat(postgres.upsertFrom("stage_invoices", "ord", "invoices", Dialect.allColumns(invoices), invoices.key())).isEqualTo(
                "INSERT INTO invoices (company_id, id, total, raw, synced_at, run_id) SELECT DISTINCT ON (company_id, id)"
                        + " company_id, id, total, raw, synced_at, run_id FROM stage_invoices ORDER BY company_id, id, ord DESC"
                        + " ON CONFLICT (company_id, id) DO UPDATE SET total = EXCLUDED.total, raw = EXCLUDED.raw,"
                        + " synced_at = EXCLUDED.synced_at, run_id = EXCLUDED.run_id");
        assertThat(postgres.rowUpsert()).isInstanceOf(CopyUpsert.class);
        assertThat(Dialect.forProduct("H2").rowUpsert()).isInstanceOf(BatchedUpsert.class);
    }

    /**
     * Issue 28: a row is replaced only when it is marked deleted, a typed column would change (a mapping changed) or
     * its raw differs; a new key is inserted.
     */
    @Test
    void h2MergesOnlyARecordThatChangedOrCameBack() {
        assertThat(Dialect.forProduct("H2").upsertChanged(invoices)).isEqualTo(
                "MERGE INTO invoices t USING (VALUES (CAST(? AS CHARACTER VARYING), CAST(? AS CHARACTER VARYING),"
                        + " CAST(? AS NUMERIC(38, 9)), CAST(? AS CHARACTER VARYING), CAST(? AS TIMESTAMP WITH TIME ZONE),"
                        + " CAST(? AS BIGINT), CAST(? AS TIMESTAMP WITH TIME ZONE)))"
                        + " s (company_id, id, total, raw, synced_at, run_id, deleted_at)"
                        + " ON t.company_id = s.company_id AND t.id = s.id"
                        + " WHEN MATCHED AND (t.deleted_at IS NOT NULL OR t.total IS DISTINCT FROM s.total OR t.raw <> s.raw)"
                        + " THEN UPDATE SET total = s.total, raw = s.raw,"
                        + " synced_at = s.synced_at, run_id = s.run_id, deleted_at = s.deleted_at"
                        + " WHEN NOT MATCHED THEN INSERT (company_id, id, total, raw, synced_at, run_id, deleted_at)"
                        + " VALUES (s.company_id, s.id, s.total, s.raw, s.synced_at, s.run_id, s.deleted_at)");
    }

    @Test
    void postgresUpdatesOnConflictOnlyARecordThatChangedOrCameBack() {
        assertThat(Dialect.forProduct("PostgreSQL").upsertChanged(invoices)).isEqualTo(
                Dialect.forProduct("PostgreSQL").upsert(invoices) + " WHERE invoices.deleted_at IS NOT NULL"
                        + " OR invoices.total IS DISTINCT FROM EXCLUDED.total OR invoices.raw <> EXCLUDED.raw");
    }

    /** Issue 28: the staged merge writes only changed records and answers the ordinal of each key it wrote. */
    @Test
    void postgresMergesAStagedChunksChangedRecordsAndAnswersWhichItWrote() {
        PostgresDialect postgres = (PostgresDialect) Dialect.forProduct("PostgreSQL");

        assertThat(postgres.upsertChangedFrom("stage_invoices", "ord", "invoices", Dialect.writtenColumns(invoices), invoices.key()))
                .isEqualTo("WITH written AS (" + postgres.upsertFrom("stage_invoices", "ord", "invoices", Dialect.writtenColumns(invoices),
                        invoices.key()) + " WHERE invoices.deleted_at IS NOT NULL OR invoices.total IS DISTINCT FROM EXCLUDED.total"
                        + " OR invoices.raw <> EXCLUDED.raw RETURNING company_id, id)"
                        + " SELECT MAX(s.ord) FROM stage_invoices s JOIN written w ON s.company_id = w.company_id AND s.id = w.id"
                        + " GROUP BY s.company_id, s.id");
    }

    @Test
    void stagingTableNamesStayWithinPostgresIdentifierLength() {
        assertThat(CopyUpsert.stagingTable("invoices")).isEqualTo("stage_invoices");
        assertThat(CopyUpsert.stagingTable("t".repeat(63))).hasSize(63);
    }

    @Test
    void anUnsupportedDatabaseIsNamedWithTheFix() {
        assertThatThrownBy(() -> Dialect.forProduct("MySQL")).hasMessageContaining("MySQL").hasMessageContaining("LEDGERSYNC_DB_URL");
    }

    /** Processes that start together on one PostgreSQL warehouse take turns; H2, which one process opens, needs no lock. */
    @Test
    void theSchemaLockIsTheDialectsAnAdvisoryLockOnPostgresAndNoneOnH2() {
        Jdbi noDatabase = Jdbi.create(() -> {
            throw new SQLException("no database here");
        });
        List<String> ran = new ArrayList<>();

        Dialect.forProduct("H2").schemaLock(noDatabase).exclusively(() -> ran.add("h2"));

        assertThat(ran).as("H2 runs the work at once, asking no database").containsExactly("h2");
        assertThatThrownBy(() -> Dialect.forProduct("PostgreSQL").schemaLock(noDatabase).exclusively(() -> ran.add("postgres")))
                .hasRootCauseMessage("no database here");
        assertThat(ran).as("PostgreSQL takes its lock in the database before the work").containsExactly("h2");
    }
}
