package io.ledgersync.cluster;

import java.util.Map;

import org.springframework.amqp.core.AmqpTemplate;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.ledgersync.sync.SyncProperties;
import io.ledgersync.sync.job.WorkerSteps;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The {@code worker} command's side of cluster mode: partition requests from the queue, {@code ledgersync.sync.concurrency}
 * at a time, each run by {@link PartitionRequests} and acknowledged only once it ended, so that a worker that dies
 * has its requests redelivered to another.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${ledgersync.command:serve}' == 'worker'")
class WorkerConfiguration {

    /**
     * Each partition's fence holds a connection of its own, outside the pool, for as long as the partition runs: the pool's
     * connections are for the pages, and closing the fence's ends its session, and the lock with it.
     */
    @Bean
    PartitionRequests partitionRequestHandler(JobRepository jobRepository, JdbcTemplate jdbc, WorkerSteps steps, HandBack handBack,
            DataSourceProperties database, MeterRegistry meters) {
        PartitionFence fence = new PartitionFence(new DriverManagerDataSource(database.determineUrl(), database.determineUsername(),
                database.determinePassword()), "ledgersync worker " + ProcessHandle.current().pid());
        return new PartitionRequests(jobRepository, new RunStatuses(jdbc), steps, handBack, fence, meters);
    }

    /**
     * One request per consumer at a time ({@code prefetchCount(1)}): a request waits in the queue, where any idle worker
     * can take it, rather than behind a busy worker's running partitions. A request whose handling failed (the database
     * out of reach) goes back to the queue; a message that is not a request never does ({@link PartitionRequestListener}).
     * The delivery's acknowledgement timeout is the manager's ({@code ledgersync.cluster.timeout}), not the broker's 30
     * minutes, which would take a long partition's request back from the worker running it: RabbitMQ 3.11.15 and later read
     * {@code x-consumer-timeout}, other brokers ignore it, and a request taken back anyway waits at the partition's fence.
     * On shutdown the container waits {@code ledgersync.sync.shutdown-grace} for running partitions, then closes its
     * channels: what is still running is handed back to the broker unacknowledged.
     */
    @Bean
    SimpleMessageListenerContainer partitionListener(ConnectionFactory connectionFactory, ClusterProperties cluster, SyncProperties sync,
            PartitionRequests partitionRequestHandler, AmqpTemplate amqpTemplate, MeterRegistry meters) {
        SimpleMessageListenerContainer container = new SimpleMessageListenerContainer(connectionFactory);
        container.setQueueNames(cluster.partitionQueue());
        container.setConcurrentConsumers(sync.concurrency());
        container.setPrefetchCount(1);
        container.setDefaultRequeueRejected(true);
        container.setConsumerArguments(Map.of("x-consumer-timeout", Math.min(cluster.timeout().toMillis(), Integer.MAX_VALUE)));
        container.setShutdownTimeout(sync.shutdownGrace().toMillis());
        PartitionRequestReader reader = new PartitionRequestReader(cluster.partitionQueue(), cluster.deadLetterQueue(), meters);
        container.setMessageListener(new PartitionRequestListener(reader, partitionRequestHandler, amqpTemplate, cluster.deadLetterQueue()));
        return container;
    }

    @Bean
    PartitionWorker partitionWorker(SimpleMessageListenerContainer partitionListener, HandBack handBack, SyncProperties sync) {
        return new PartitionWorker(partitionListener, handBack, sync.shutdownGrace());
    }
}
