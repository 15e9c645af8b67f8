package io.ledgersync.warehouse.state;

import java.util.List;

import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** Reads {@code data_set_success}: when each data set was last synced successfully. */
@RegisterConstructorMapper(RunHistory.LastSuccess.class)
interface DataSetSuccessQueries {

    @SqlQuery("SELECT data_set, finished_at FROM data_set_success")
    List<RunHistory.LastSuccess> lastSuccesses();
}
