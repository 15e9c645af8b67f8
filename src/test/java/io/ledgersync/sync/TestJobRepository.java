package io.ledgersync.sync;

import java.util.UUID;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.repository.support.JdbcJobRepositoryFactoryBean;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A fresh H2 database migrated as the application migrates it, and Spring Batch's JDBC job repository over it: for
 * tests of what reads runs back from the job repository.
 */
public record TestJobRepository(DataSource dataSource, JobRepository repository) {

    public static TestJobRepository fresh() {
        DriverManagerDataSource dataSource = new DriverManagerDataSource("jdbc:h2:mem:" + UUID.randomUUID()
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", "");
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration/h2").load().migrate();
        JdbcJobRepositoryFactoryBean factory = new JdbcJobRepositoryFactoryBean();
        factory.setDataSource(dataSource);
        factory.setTransactionManager(new DataSourceTransactionManager(dataSource));
        try {
            factory.afterPropertiesSet();
            return new TestJobRepository(dataSource, factory.getObject());
        } catch (Exception e) {
            throw new IllegalStateException("Cannot make a job repository over H2: " + e.getMessage(), e);
        }
    }
}
