package io.ledgersync.sync;

import java.time.Clock;

import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.builder.SimpleJobBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.transaction.PlatformTransactionManager;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.SourceRecord;
import io.ledgersync.warehouse.RunHistory;
import io.ledgersync.warehouse.RunLocks;
import io.ledgersync.warehouse.SyncStates;
import io.ledgersync.warehouse.Warehouse;

/**
 * The {@code sync} job, built from the data set files: one partitioned step per data set, in
 * catalog order (companies first). Every worker step shares the step-scoped reader and writer,
 * which the partition's {@code dataset} and {@code companyId} point at the right data.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SyncProperties.class)
@EnableScheduling // ActiveRuns logs the progress of running syncs at a steady interval
class SyncJobConfiguration {

    static final String JOB_NAME = "sync";

    @Bean
    DataSetCatalog dataSetCatalog(SyncProperties properties, Warehouse warehouse) {
        DataSetCatalog catalog = DataSetCatalog.load(properties.datasets());
        catalog.all().forEach(dataSet -> warehouse.verify(dataSet.table()));
        return catalog;
    }

    @Bean
    PermanentFailures permanentFailures() {
        return new PermanentFailures();
    }

    @Bean
    ActiveRuns activeRuns(ObjectProvider<Clock> clock) {
        return new ActiveRuns(clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    @StepScope
    DataSetItemReader dataSetItemReader(DataApiClient client, DataSetCatalog catalog, PermanentFailures permanentFailures,
            @Value("#{stepExecutionContext['dataset']}") String dataset,
            @Value("#{stepExecutionContext['companyId']}") String companyId,
            @Value("#{stepExecution.jobExecutionId}") Long runId, ApplicationEventPublisher events, SyncProperties properties) {
        DataSet dataSet = catalog.get(dataset);
        String description = dataSet.name() + (companyId == null ? "" : " of company " + companyId);
        return new DataSetItemReader(client, dataSet.name(), dataSet.pathFor(companyId), description, runId, permanentFailures,
                events, properties.prefetch() ? prefetcher() : null);
    }

    /** A thread per prefetched page: at most one per running partition, and thread start-up is nothing next to a page. */
    private static SimpleAsyncTaskExecutor prefetcher() {
        SimpleAsyncTaskExecutor prefetcher = new SimpleAsyncTaskExecutor("prefetch-");
        prefetcher.setDaemon(true);
        return prefetcher;
    }

    @Bean
    @StepScope
    DataSetItemWriter dataSetItemWriter(Warehouse warehouse, DataSetCatalog catalog,
            @Value("#{stepExecutionContext['dataset']}") String dataset,
            @Value("#{stepExecutionContext['companyId']}") String companyId,
            @Value("#{stepExecution.jobExecutionId}") Long runId, ApplicationEventPublisher events) {
        return new DataSetItemWriter(warehouse, catalog.get(dataset), companyId, runId, events);
    }

    @Bean
    Job syncJob(JobRepository jobRepository, PlatformTransactionManager transactionManager, DataSetCatalog catalog,
            Warehouse warehouse, SyncStates states, DataApiClient client, DataSetItemReader dataSetItemReader,
            DataSetItemWriter dataSetItemWriter, PermanentFailures permanentFailures, SyncProperties properties,
            ObjectProvider<Clock> clockProvider, ActiveRuns activeRuns, ApplicationEventPublisher events) {
        Clock clock = clockProvider.getIfAvailable(Clock::systemUTC);
        SimpleAsyncTaskExecutor partitions = new SimpleAsyncTaskExecutor("sync-");
        partitions.setConcurrencyLimit(properties.concurrency());
        PartitionOutcomeListener outcomes = new PartitionOutcomeListener(states, properties.deferralPolicy(), clock, events);
        SimpleJobBuilder job = null;
        for (DataSet dataSet : catalog.all()) {
            // One page per chunk: a chunk's commit is exactly one page, so no partial page is committed.
            // The worker is named after the data set, so its partitions are "invoices:company-<id>".
            Step worker = new StepBuilder(dataSet.name(), jobRepository)
                    .<SourceRecord, SourceRecord>chunk(client.pageSize())
                    .transactionManager(transactionManager)
                    .reader(dataSetItemReader)
                    .writer(dataSetItemWriter)
                    .listener(outcomes)
                    .build();
            Step step = new StepBuilder(dataSet.name(), jobRepository)
                    .partitioner(dataSet.name(), new DataSetPartitioner(dataSet, warehouse, states, clock))
                    .step(worker)
                    .taskExecutor(partitions)
                    .gridSize(properties.concurrency())
                    .build();
            job = job == null ? new JobBuilder(JOB_NAME, jobRepository).start(step) : job.next(step);
        }
        return job.validator(new SyncParametersValidator(catalog)).listener(new SyncRunListener(permanentFailures, activeRuns, events)).build();
    }

    @Bean
    SyncLauncher syncLauncher(JobOperator jobOperator, JobRepository jobRepository, Job syncJob, DataSetCatalog catalog,
            RunLocks locks, Warehouse warehouse, SyncStates states, RunHistory history, ActiveRuns activeRuns,
            SyncProperties properties, ObjectProvider<Clock> clock) {
        // Each run on a thread of its own that holds the run's lock until the run ends.
        SimpleAsyncTaskExecutor runs = new SimpleAsyncTaskExecutor("sync-run-");
        return new SyncLauncher(jobOperator, jobRepository, syncJob, catalog, locks, warehouse, states, history, activeRuns, runs,
                properties, clock.getIfAvailable(Clock::systemUTC));
    }
}
