package io.ledgersync.warehouse.state;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.locator.UseClasspathSqlLocator;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** The reads of {@code sync_state} and {@code sync_reconciliation}; the SQL is in the .sql file named after each method. */
@UseClasspathSqlLocator
@RegisterConstructorMapper(SyncState.class)
@RegisterConstructorMapper(SyncStates.Reconciliation.class)
interface SyncStateQueries {

    @SqlQuery
    Optional<SyncState> find(@Bind("companyId") String companyId, @Bind("dataSet") String dataSet);

    @SqlQuery
    List<SyncState> all();

    @SqlQuery
    List<SyncState> due(@Bind("now") OffsetDateTime now);

    @SqlQuery
    List<SyncStates.Reconciliation> reconciliations(@Bind("runId") long runId);
}
