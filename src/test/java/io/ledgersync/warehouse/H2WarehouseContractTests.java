package io.ledgersync.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** The warehouse contract on H2 in PostgreSQL mode, the default warehouse. */
class H2WarehouseContractTests extends AbstractWarehouseContractTests {

    @Override
    String freshDatabaseUrl() {
        return "jdbc:h2:mem:" + UUID.randomUUID() + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
    }

    @Override
    String user() {
        return "sa";
    }

    @Override
    String vendor() {
        return "h2";
    }

    @Test
    void rawMovesFromLargeObjectToCharacterVaryingKeepingTheRowsOfAnExistingWarehouse() {
        DataSource dataSource = new DriverManagerDataSource(freshDatabaseUrl(), user(), "");
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration/h2").target("4").load().migrate();
        Jdbi jdbi = Jdbi.create(dataSource);
        String big = "{\"id\": \"i2\", \"note\": \"" + "x".repeat(2_000_000) + "\"}";
        jdbi.useHandle(h -> {
            h.execute("INSERT INTO companies (id, name, raw, synced_at, run_id) VALUES ('c1', 'Acme', '{\"id\": \"c1\"}', CURRENT_TIMESTAMP, 1)");
            h.execute("INSERT INTO customers (company_id, id, raw, synced_at, run_id) VALUES ('c1', 'k1', '{\"id\": \"k1\"}', CURRENT_TIMESTAMP, 1)");
            h.execute("INSERT INTO invoices (company_id, id, raw, synced_at, run_id) VALUES ('c1', 'i1', '{\"id\": \"i1\"}', CURRENT_TIMESTAMP, 1)");
            h.createUpdate("INSERT INTO invoices (company_id, id, raw, synced_at, run_id) VALUES ('c1', 'i2', :raw, CURRENT_TIMESTAMP, 1)")
                    .bind("raw", big).execute();
        });

        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration/h2").load().migrate();

        List<Map<String, Object>> raws = jdbi.withHandle(h -> h.createQuery("SELECT table_name, data_type, is_nullable"
                + " FROM information_schema.columns WHERE column_name = 'raw' AND table_name IN ('companies', 'customers', 'invoices')"
                + " ORDER BY table_name").mapToMap().list());
        assertThat(raws).extracting(c -> c.get("table_name") + " " + c.get("data_type") + " " + c.get("is_nullable")).containsExactly(
                "companies character varying NO", "customers character varying NO", "invoices character varying NO");
        String company = jdbi.withHandle(h -> h.createQuery("SELECT raw FROM companies").mapTo(String.class).one());
        String customer = jdbi.withHandle(h -> h.createQuery("SELECT raw FROM customers").mapTo(String.class).one());
        List<String> invoices = jdbi.withHandle(h -> h.createQuery("SELECT raw FROM invoices ORDER BY id").mapTo(String.class).list());
        assertThat(company).isEqualTo("{\"id\": \"c1\"}");
        assertThat(customer).isEqualTo("{\"id\": \"k1\"}");
        assertThat(invoices).containsExactly("{\"id\": \"i1\"}", big);
    }
}
