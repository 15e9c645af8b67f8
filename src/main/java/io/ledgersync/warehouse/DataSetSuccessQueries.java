package io.ledgersync.warehouse;

import java.time.LocalDateTime;
import java.util.List;

import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.locator.UseClasspathSqlLocator;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/**
 * Reads from Spring Batch's job repository when each data set was last synced successfully, so
 * that the freshness of the warehouse survives restarts and is the same for every instance.
 */
@UseClasspathSqlLocator
@RegisterConstructorMapper(DataSetSuccessQueries.LastSuccess.class)
public interface DataSetSuccessQueries {

    /**
     * Per data set, the end of its last partition in the latest full run over all companies in
     * which none of its partitions was unsuccessful (deferred and unsupported partitions complete).
     */
    @SqlQuery
    List<LastSuccess> lastSuccesses();

    /**
     * A data set and when it was last synced successfully.
     *
     * @param finishedAt as Spring Batch stores it: local time of the JVM that ran the step
     */
    record LastSuccess(String dataSet, LocalDateTime finishedAt) {
    }
}
