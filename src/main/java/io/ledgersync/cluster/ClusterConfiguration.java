package io.ledgersync.cluster;

import java.time.Clock;
import java.util.Collection;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.amqp.core.AmqpTemplate;
import org.springframework.amqp.core.Queue;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.StepListener;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.integration.amqp.dsl.Amqp;
import org.springframework.integration.channel.DirectChannel;
import org.springframework.integration.config.EnableIntegration;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.jdbc.core.JdbcTemplate;

import io.ledgersync.source.DataApiProperties;
import io.ledgersync.source.RequestBudget;
import io.ledgersync.sync.job.FailedPartitions;
import io.ledgersync.sync.job.FirstRunSplitter;
import io.ledgersync.sync.job.PartitionSteps;

/**
 * Cluster mode ({@code ledgersync.cluster.enabled=true}): Spring Batch remote partitioning over RabbitMQ, with the
 * PostgreSQL warehouse as the job repository every process shares. Each data set's step sends one request per
 * partition (company) to the queue {@code <cluster.name>.partitions} and polls the job repository for their
 * outcomes ({@link PollingPartitionHandler}; polling, not reply aggregation: replies held in the manager's memory do
 * not survive its restart, and that mode has open upstream bugs, see STACK-NOTES). Workers ({@link WorkerConfiguration})
 * run the partitions. The rate budget of all of them is one row in the database ({@link SharedRateBudget}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("ledgersync.cluster.enabled")
@EnableConfigurationProperties(ClusterProperties.class)
@EnableIntegration // the flow to the broker; Batch's remote partitioning builders are not used (PollingPartitionHandler)
class ClusterConfiguration {

    static final String DATASOURCE_URL = "spring.datasource.url";

    /** Every process of a cluster must see the others' partitions: H2 is a file of one process. */
    static void requirePostgres(Environment environment) {
        String url = environment.getProperty(DATASOURCE_URL, "");
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new InvalidConfigurationPropertyValueException("ledgersync.cluster.enabled", "true",
                    "Cluster mode needs a PostgreSQL warehouse, which every process shares as its job repository, but the"
                            + " database is '" + url.replaceFirst(";.*", "") + "': set LEDGERSYNC_DB_URL to a jdbc:postgresql://"
                            + " URL, or LEDGERSYNC_CLUSTER_ENABLED=false");
        }
    }

    @Bean
    Queue partitionQueue(ClusterProperties cluster, Environment environment) {
        requirePostgres(environment);
        return new Queue(cluster.partitionQueue(), true);
    }

    /**
     * Where a worker puts the messages it refuses ({@link PartitionRequestListener}), for an operator to read. The
     * worker republishes them, rather than the broker dead-lettering them through arguments of the partition queue: a
     * broker refuses to declare an existing queue again with other arguments (the queue of an older version has none),
     * and not every broker reads RabbitMQ's (Qpid Broker-J refuses them).
     */
    @Bean
    Queue partitionDeadLetterQueue(ClusterProperties cluster) {
        return new Queue(cluster.deadLetterQueue(), true);
    }

    @Bean
    DirectChannel partitionRequests() {
        return new DirectChannel();
    }

    /** The manager's side: each request the partition handler sends goes to the queue. */
    @Bean
    IntegrationFlow partitionRequestsToBroker(DirectChannel partitionRequests, AmqpTemplate amqpTemplate, ClusterProperties cluster) {
        return IntegrationFlow.from(partitionRequests)
                .handle(Amqp.outboundAdapter(amqpTemplate).routingKey(cluster.partitionQueue()))
                .get();
    }

    /** The worker's partitions, held at a page boundary when it stops; in the manager, never closed. */
    @Bean
    HandBack handBack() {
        return new HandBack();
    }

    @Bean
    PartitionSteps remotePartitionSteps(DirectChannel partitionRequests, ClusterProperties cluster, JdbcTemplate jdbc, HandBack handBack,
            JobRepository jobRepository, ObjectProvider<Clock> clock) {
        RunStatuses statuses = new RunStatuses(jdbc);
        JobStopWatch stopWatch = new JobStopWatch(statuses);
        Clock time = clock.getIfAvailable(Clock::systemUTC);
        return new PartitionSteps() {
            /** The worker step too, which Batch's splitter reads when it restarts a partition ({@link FailedPartitions}). */
            @Override
            public Step partitionStep(String name, Partitioner partitioner, Step worker, int gridSize) {
                return FailedPartitions.tolerated(new StepBuilder(name, jobRepository)
                        .partitioner(name, partitioner)
                        .step(worker)
                        .splitter(FirstRunSplitter.of(jobRepository, partitioner, worker))
                        .partitionHandler(new PollingPartitionHandler(worker.getName(), gridSize, partitionRequests, jobRepository,
                                statuses, cluster.pollInterval(), cluster.timeout(), time, pause -> Thread.sleep(pause.toMillis()))))
                        .build();
            }

            @Override
            public List<StepListener> workerListeners() {
                return List.of(stopWatch, handBack);
            }

            /** The workers commit each page's counts to the job repository: the manager's copies are as it sent them. */
            @Override
            public Collection<StepExecution> liveSteps(JobExecution execution) {
                return jobRepository.getJobExecution(execution.getId()).getStepExecutions();
            }
        };
    }

    @Bean
    RequestBudget sharedRateBudget(DataSource dataSource, DataApiProperties api, ClusterProperties cluster, Environment environment) {
        requirePostgres(environment);
        return SharedRateBudget.create(dataSource, cluster.budgetKey(), api.rateLimit());
    }
}
