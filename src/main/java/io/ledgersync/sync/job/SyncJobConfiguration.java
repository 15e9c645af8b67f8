package io.ledgersync.sync.job;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.listener.StepListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.core.task.TaskExecutor;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.DataApiProperties;
import io.ledgersync.source.Page;
import io.ledgersync.sync.PermanentFailures;
import io.ledgersync.sync.SyncProperties;
import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSet;
import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.dataset.DataSetSchemas;
import io.ledgersync.sync.dataset.RecordMapper;
import io.ledgersync.sync.dataset.SchemaProperties;
import io.ledgersync.sync.dataset.TableMap;
import io.ledgersync.sync.history.RunLookup;
import io.ledgersync.sync.dataset.VersionRetention;
import io.ledgersync.sync.history.RunRetention;
import io.ledgersync.sync.history.SyncStatus;
import io.ledgersync.sync.partition.CompanySelection;
import io.ledgersync.sync.partition.DataSetPartitioner;
import io.ledgersync.sync.partition.PartitionOutcomeListener;
import io.ledgersync.sync.partition.WalkCompletion;
import io.ledgersync.sync.run.ActiveRuns;
import io.ledgersync.sync.run.BackgroundRuns;
import io.ledgersync.sync.run.SyncLauncher;
import io.ledgersync.sync.run.SyncParametersValidator;
import io.ledgersync.sync.run.SyncRunListener;
import io.ledgersync.sync.run.SyncRuns;
import io.ledgersync.sync.run.WatermarkReset;
import io.ledgersync.sync.walk.DataSetItemReader;
import io.ledgersync.sync.walk.DriftRecovery;
import io.ledgersync.sync.walk.PartitionContext;
import io.ledgersync.sync.walk.WalkEndPolicy;
import io.ledgersync.sync.write.DataSetItemWriter;
import io.ledgersync.warehouse.Warehouse;
import io.ledgersync.warehouse.WarehouseSchema;
import io.ledgersync.warehouse.lock.RunLocks;
import io.ledgersync.warehouse.state.RejectedRecords;
import io.ledgersync.warehouse.state.RunHistory;
import io.ledgersync.warehouse.state.RunPurge;
import io.ledgersync.warehouse.state.SyncStates;

/**
 * The {@code sync} job, built from the data set files: one partitioned step per data set, companies first, then the
 * company data sets side by side ({@link DataSetFlow}). Each partition gets a reader and a writer of its own
 * ({@link PartitionWorkerStep}), which its context ({@link PartitionContext}: data set and company) points at the
 * right data.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({SyncProperties.class, SchemaProperties.class})
@EnableScheduling // ActiveRuns logs the progress of running syncs at a steady interval
public class SyncJobConfiguration {

    /** Recovery passes after page drift before a walk gives up (fails its partition, resumable). */
    static final int MAX_DRIFT_RECOVERIES = 3;

    /** The data sets, their tables brought in line with their files before anything can run ({@link DataSetSchemas}). */
    @Bean
    DataSetCatalog dataSetCatalog(SyncProperties properties, SchemaProperties schemaProperties, WarehouseSchema schema,
            Warehouse warehouse) {
        DataSetCatalog catalog = DataSetCatalog.load(properties.datasets());
        schema.exclusively(() -> new DataSetSchemas(schema, schemaProperties.batchSize()).applyAll(catalog, schemaProperties.rebuild()));
        catalog.all().forEach(dataSet -> warehouse.verify(dataSet.table())); // reads the column limits for Warehouse.misfit
        return catalog;
    }

    @Bean
    TableMap tableMap(DataSetCatalog catalog, WarehouseSchema schema) {
        return new TableMap(catalog, schema);
    }

    @Bean
    PermanentFailures permanentFailures() {
        return new PermanentFailures();
    }

    @Bean
    ActiveRuns activeRuns(ObjectProvider<Clock> clock, ObjectProvider<PartitionSteps> partitionSteps) {
        PartitionSteps remote = partitionSteps.getIfAvailable();
        return new ActiveRuns(clock.getIfAvailable(Clock::systemUTC), remote == null ? JobExecution::getStepExecutions : remote::liveSteps);
    }

    /** A partition's reader: its data set's pages of its company, from where its context says the walk stands. */
    private static DataSetItemReader reader(DataSet dataSet, StepExecution step, DataApiClient client,
            PermanentFailures permanentFailures, ApplicationEventPublisher events, SyncProperties properties, Clock clock) {
        PartitionContext partition = PartitionContext.of(step);
        String companyId = partition.companyId();
        // the data set's columns are read while each page is decoded: one parse per record (issue 28)
        return new DataSetItemReader(client, new RecordMapper(dataSet), dataSet.name(), dataSet.pathFor(companyId),
                partition.describe(), step.getJobExecutionId(), permanentFailures, events,
                properties.prefetch() ? prefetcher() : null, properties.pageMargin(),
                new DriftRecovery(dataSet, properties.incremental().lookback(), MAX_DRIFT_RECOVERIES, clock));
    }

    /** A thread per prefetched page: at most one per running partition, and thread start-up is nothing next to a page. */
    private static SimpleAsyncTaskExecutor prefetcher() {
        SimpleAsyncTaskExecutor prefetcher = new SimpleAsyncTaskExecutor("prefetch-");
        prefetcher.setDaemon(true);
        return prefetcher;
    }

    /** A partition's writer: its pages into the data set's table, for its company. */
    private static DataSetItemWriter writer(DataSet dataSet, StepExecution step, Warehouse warehouse,
            RejectedRecords rejectedRecords, ApplicationEventPublisher events, SyncProperties properties) {
        PartitionContext partition = PartitionContext.of(step);
        return new DataSetItemWriter(warehouse, rejectedRecords, dataSet, partition.companyId(), step.getJobExecutionId(),
                properties.maxRejectedPerPartition(), events, partition);
    }

    @Bean
    CompanySelection companySelection(Warehouse warehouse) {
        return new CompanySelection(warehouse);
    }

    /**
     * One worker step per data set, which runs each partition in a chunk step of its own ({@link PartitionWorkerStep}):
     * an item is a page and a chunk is one item, so each commit is exactly one page.
     */
    @Bean
    WorkerSteps workerSteps(JobRepository jobRepository, PlatformTransactionManager transactionManager, DataSetCatalog catalog,
            SyncStates states, RejectedRecords rejectedRecords, Warehouse warehouse, ObjectProvider<DataApiClient> client,
            PermanentFailures permanentFailures, SyncProperties properties, ObjectProvider<Clock> clockProvider,
            ObjectProvider<PartitionSteps> partitionSteps, ApplicationEventPublisher events) {
        Clock clock = clockProvider.getIfAvailable(Clock::systemUTC);
        WalkCompletion completion = new WalkCompletion(states, warehouse, catalog, properties.deletes().maxFraction(), events);
        PartitionOutcomeListener outcomes = new PartitionOutcomeListener(states, rejectedRecords, properties.deferralPolicy(), clock,
                events, completion, new TransactionTemplate(transactionManager));
        PartitionSteps remote = partitionSteps.getIfAvailable();
        List<StepListener> listeners = remote == null ? List.of() : remote.workerListeners();
        JobRepository partitionRepository = ChangedContextsOnly.of(jobRepository); // a context unchanged is not written again
        Map<String, Step> steps = new LinkedHashMap<>();
        for (DataSet dataSet : catalog.all()) {
            steps.put(dataSet.name(), new PartitionWorkerStep(dataSet.name(), partition -> {
                // the client only when a partition runs: a command that builds the job and syncs nothing (schema,
                // status) must not make it, nor start the embedded sandbox it would read (issue 28's lazy start)
                DataSetItemReader reader = reader(dataSet, partition, client.getObject(), permanentFailures, events,
                        properties, clock);
                var worker = new StepBuilder(dataSet.name(), partitionRepository)
                        .<Page, Page>chunk(1)
                        .transactionManager(transactionManager)
                        .reader(reader)
                        .writer(writer(dataSet, partition, warehouse, rejectedRecords, events, properties))
                        .interruptionPolicy(new WalkEndPolicy(reader))
                        .listener(outcomes);
                listeners.forEach(worker::listener);
                return worker.build();
            }));
        }
        return new WorkerSteps(steps);
    }

    @Bean
    Job syncJob(JobRepository jobRepository, DataSetCatalog catalog, CompanySelection companies, SyncStates states,
            RejectedRecords rejectedRecords, RunHistory history, WorkerSteps workers, PermanentFailures permanentFailures,
            SyncProperties properties, DataApiProperties api,
            ObjectProvider<Clock> clockProvider, ActiveRuns activeRuns, RunLookup lookup, ApplicationEventPublisher events,
            ObjectProvider<PartitionSteps> partitionSteps) {
        Clock clock = clockProvider.getIfAvailable(Clock::systemUTC);
        PartitionSteps remote = partitionSteps.getIfAvailable();
        PartitionSteps partitions = remote != null ? remote : localPartitions(jobRepository, properties);
        List<Step> topLevel = new ArrayList<>();
        List<Step> perCompany = new ArrayList<>();
        for (DataSet dataSet : catalog.all()) {
            // Batch names each partition "<step>:<partition>"; nothing reads those names, the context says what it is.
            Step step = partitions.partitionStep(dataSet.name(), new DataSetPartitioner(dataSet, companies, states, clock,
                            properties.incremental().lookback(), rejectedRecords),
                    workers.of(dataSet.name()), properties.concurrency());
            (dataSet.perCompany() ? perCompany : topLevel).add(step);
        }
        // A thread per lane of company data sets' steps, which mostly waits for its partitions: the pool of partitions (in
        // cluster mode, the workers' slots) is the bound. In cluster mode the lanes keep a company's requests in flight
        // under the Data API's cap across workers, which no process counts (DataSetFlow.clusterLanes).
        SimpleAsyncTaskExecutor parallel = properties.dataSetsInParallel() ? new SimpleAsyncTaskExecutor("sync-dataset-") : null;
        int lanes = remote == null ? perCompany.size()
                : DataSetFlow.clusterLanes(api.bulkhead().maxConcurrentRequestsPerCompany(), properties.prefetch());
        return DataSetFlow.of(new JobBuilder(SyncRequest.JOB_NAME, jobRepository), topLevel, perCompany, parallel, lanes, permanentFailures)
                .validator(new SyncParametersValidator(catalog))
                .listener(new SyncRunListener(permanentFailures, activeRuns, lookup, history, catalog, events, remote != null))
                .build();
    }

    /** The default: a data set's partitions run in this process, {@code ledgersync.sync.concurrency} at a time. */
    private static PartitionSteps localPartitions(JobRepository jobRepository, SyncProperties properties) {
        TaskExecutor threads = partitionThreads(properties.concurrency());
        return (name, partitioner, worker, gridSize) -> FailedPartitions.tolerated(new StepBuilder(name, jobRepository)
                .partitioner(name, partitioner).step(worker).splitter(FirstRunSplitter.of(jobRepository, partitioner, worker))
                .taskExecutor(threads).gridSize(gridSize)).build();
    }

    /**
     * The partitions' threads, shared by every data set's step: {@code concurrency} of them, reused from one partition to
     * the next, the partitions waiting their turn in the order their steps handed them over. A thread per partition
     * cost a thread's start and its thread-locals' buffers (the HTTP client's, Jackson's, the hash's) made anew for each
     * of a night's thousands of one-page partitions (issue 27). Daemon threads that end after a minute idle, as the
     * pool is never shut down: a run's own thread waits for its partitions, and a stop ends them as it always has.
     */
    static TaskExecutor partitionThreads(int concurrency) {
        ThreadPoolTaskExecutor threads = new ThreadPoolTaskExecutor();
        threads.setThreadNamePrefix("sync-");
        threads.setCorePoolSize(concurrency);
        threads.setMaxPoolSize(concurrency);
        threads.setKeepAliveSeconds(60);
        threads.setAllowCoreThreadTimeOut(true);
        threads.setDaemon(true);
        threads.initialize();
        return threads;
    }

    @Bean
    RunLookup runLookup(JobRepository jobRepository) {
        return new RunLookup(jobRepository);
    }

    @Bean
    SyncLauncher syncLauncher(JobOperator jobOperator, Job syncJob, DataSetCatalog catalog, CompanySelection companies,
            RunLocks locks, RunLookup lookup, ActiveRuns activeRuns, ObjectProvider<Clock> clock) {
        // Each run on a thread of its own that holds the run's lock until the run ends.
        BackgroundRuns background = new BackgroundRuns(activeRuns, lookup, new SimpleAsyncTaskExecutor("sync-run-"),
                catalog.names());
        return new SyncLauncher(jobOperator, syncJob, catalog, companies, locks, lookup, background,
                clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    WatermarkReset watermarkReset(DataSetCatalog catalog, CompanySelection companies, SyncStates states, RunLocks locks) {
        return new WatermarkReset(catalog, companies, states, locks);
    }

    @Bean
    SyncStatus syncStatus(SyncStates states, Warehouse warehouse, DataSetCatalog catalog, ObjectProvider<Clock> clock) {
        return new SyncStatus(states, warehouse, catalog, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    RunRetention runRetention(RunPurge purge, JobRepository jobRepository) {
        return new RunRetention(purge, jobRepository);
    }

    /** The history tables' versions of records (history: true), not runs: purged beside them, at ledgersync.history.keep. */
    @Bean
    VersionRetention versionRetention(DataSetCatalog catalog, Warehouse warehouse) {
        return new VersionRetention(catalog, warehouse);
    }

    @Bean
    SyncRuns syncRuns(RunLookup lookup, RunHistory history, ActiveRuns activeRuns, SyncStates states, DataSetCatalog catalog,
            ObjectProvider<Clock> clock) {
        return new SyncRuns(lookup, history, activeRuns, states, catalog, clock.getIfAvailable(Clock::systemUTC));
    }
}
