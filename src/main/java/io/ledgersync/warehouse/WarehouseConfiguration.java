package io.ledgersync.warehouse;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;

import javax.sql.DataSource;

import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import io.ledgersync.warehouse.dialect.Dialect;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.state.RejectedRecords;
import io.ledgersync.warehouse.state.RunHistory;
import io.ledgersync.warehouse.state.RunPurge;
import io.ledgersync.warehouse.state.SyncStates;

@Configuration(proxyBeanMethods = false)
class WarehouseConfiguration {

    /**
     * Joins the Spring transaction of the chunk being written, so a failed chunk rolls back its rows.
     * Created after Flyway has migrated, so that nothing reads a table before it exists.
     */
    @Bean
    @DependsOnDatabaseInitialization
    Jdbi jdbi(DataSource dataSource) {
        return Jdbi.create(new TransactionAwareDataSourceProxy(dataSource)).installPlugin(new SqlObjectPlugin());
    }

    @Bean
    Dialect warehouseDialect(DataSource dataSource) throws SQLException {
        return dialectOf(dataSource);
    }

    @Bean
    Warehouse warehouse(Jdbi jdbi, Dialect warehouseDialect, ObjectProvider<Clock> clock) {
        return new Warehouse(jdbi, warehouseDialect, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    RejectedRecords rejectedRecords(Jdbi jdbi, ObjectProvider<Clock> clock) {
        return new RejectedRecords(jdbi, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    WarehouseSchema warehouseSchema(Jdbi jdbi, DataSource dataSource, Dialect warehouseDialect, ObjectProvider<Clock> clock) {
        return new WarehouseSchema(jdbi, dataSource, warehouseDialect, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    SyncStates syncStates(Jdbi jdbi, Dialect warehouseDialect) {
        return new SyncStates(jdbi, warehouseDialect);
    }

    @Bean
    RunHistory runHistory(Jdbi jdbi, Dialect warehouseDialect) {
        return new RunHistory(jdbi, warehouseDialect);
    }

    @Bean
    RunPurge runPurge(Jdbi jdbi) {
        return new RunPurge(jdbi);
    }

    /**
     * A lock gets a connection of its own, outside the pool: it is held for a whole run, which must not
     * cost the pool a connection, and closing it ends the database session that holds the lock.
     */
    @Bean
    RunLocks runLocks(Dialect warehouseDialect, DataSource dataSource, ObjectProvider<DataSourceProperties> properties) {
        DataSourceProperties settings = properties.getIfAvailable();
        DataSource lockConnections = settings == null ? dataSource
                : new DriverManagerDataSource(settings.determineUrl(), settings.determineUsername(), settings.determinePassword());
        return warehouseDialect.runLocks(lockConnections, RunLocks.processName());
    }

    private static Dialect dialectOf(DataSource dataSource) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            return Dialect.forProduct(connection.getMetaData().getDatabaseProductName());
        }
    }
}
