package io.ledgersync.warehouse;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;

import javax.sql.DataSource;

import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;

@Configuration(proxyBeanMethods = false)
class WarehouseConfiguration {

    /** Joins the Spring transaction of the chunk being written, so a failed chunk rolls back its rows. */
    @Bean
    Jdbi jdbi(DataSource dataSource) {
        return Jdbi.create(new TransactionAwareDataSourceProxy(dataSource)).installPlugin(new SqlObjectPlugin());
    }

    @Bean
    Warehouse warehouse(Jdbi jdbi, DataSource dataSource, ObjectProvider<Clock> clock) throws SQLException {
        return new Warehouse(jdbi, dialectOf(dataSource), clock.getIfAvailable(Clock::systemUTC));
    }

    private static Dialect dialectOf(DataSource dataSource) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            return Dialect.forProduct(connection.getMetaData().getDatabaseProductName());
        }
    }
}
