package io.ledgersync.metrics;

import java.util.List;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.ledgersync.sync.DataSet;
import io.ledgersync.sync.DataSetCatalog;
import io.ledgersync.warehouse.RunHistory;
import io.ledgersync.warehouse.SyncStates;
import io.micrometer.core.instrument.MeterRegistry;

@Configuration(proxyBeanMethods = false)
class MetricsConfiguration {

    /** The client finds it as its {@link io.ledgersync.source.DataApiObserver}. */
    @Bean
    DataApiMeters dataApiMeters(MeterRegistry registry) {
        return new DataApiMeters(registry);
    }

    @Bean
    SyncMeters syncMeters(MeterRegistry registry, DataSetCatalog catalog) {
        return new SyncMeters(registry, catalog.names());
    }

    @Bean
    LastSuccessGauges lastSuccessGauges(MeterRegistry registry, DataSetCatalog catalog, RunHistory history) {
        return new LastSuccessGauges(registry, catalog.names(), history::lastSuccesses);
    }

    @Bean
    SyncStateGauges syncStateGauges(MeterRegistry registry, DataSetCatalog catalog, SyncStates states) {
        List<String> companyDataSets = catalog.all().stream().filter(DataSet::perCompany).map(DataSet::name).toList();
        return new SyncStateGauges(registry, companyDataSets, states::all);
    }
}
