package io.ledgersync.metrics;

import java.util.List;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.history.SyncStatus;
import io.ledgersync.warehouse.state.RunHistory;
import io.ledgersync.warehouse.state.SyncStates;
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
    WatermarkGauges watermarkGauges(MeterRegistry registry, DataSetCatalog catalog, SyncStatus status,
            org.springframework.beans.factory.ObjectProvider<java.time.Clock> clock) {
        List<String> companyDataSets = catalog.all().stream().filter(DataSet::perCompany).map(DataSet::name).toList();
        return new WatermarkGauges(registry, companyDataSets, status::oldestWatermarks,
                clock.getIfAvailable(java.time.Clock::systemUTC));
    }

    @Bean
    SyncStateGauges syncStateGauges(MeterRegistry registry, DataSetCatalog catalog, SyncStates states) {
        List<String> companyDataSets = catalog.all().stream().filter(DataSet::perCompany).map(DataSet::name).toList();
        return new SyncStateGauges(registry, companyDataSets, states::all);
    }
}
