package io.ledgersync.cluster;

import java.util.List;

import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.amqp.support.converter.SimpleMessageConverter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.integration.partition.StepExecutionRequest;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.amqp.dsl.Amqp;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.jdbc.core.JdbcTemplate;

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
     * Requests are Java-serialized {@link StepExecutionRequest}s (a step name and two ids): Spring AMQP deserializes only
     * the classes allowed here, so a message of another kind on the queue cannot make the worker load arbitrary classes.
     */
    @Bean
    SimpleMessageConverter partitionRequestConverter() {
        SimpleMessageConverter converter = new SimpleMessageConverter();
        converter.setAllowedListPatterns(List.of(StepExecutionRequest.class.getName(), "java.lang.*"));
        return converter;
    }

    @Bean
    PartitionRequests partitionRequestHandler(JobRepository jobRepository, JdbcTemplate jdbc, WorkerSteps steps, HandBack handBack,
            MeterRegistry meters) {
        return new PartitionRequests(jobRepository, new RunStatuses(jdbc), steps, handBack, meters);
    }

    /**
     * One request per consumer at a time ({@code prefetchCount(1)}): a request waits in the queue, where any idle worker
     * can take it, rather than behind a busy worker's running partitions. On shutdown the container waits
     * {@code ledgersync.sync.shutdown-grace} for running partitions, then closes its channels: what is still running is
     * handed back to the broker unacknowledged.
     */
    @Bean
    SimpleMessageListenerContainer partitionListener(ConnectionFactory connectionFactory, Queue partitionQueue, SyncProperties sync) {
        SimpleMessageListenerContainer container = new SimpleMessageListenerContainer(connectionFactory);
        container.setQueueNames(partitionQueue.getName());
        container.setConcurrentConsumers(sync.concurrency());
        container.setPrefetchCount(1);
        container.setDefaultRequeueRejected(true);
        container.setShutdownTimeout(sync.shutdownGrace().toMillis());
        return container;
    }

    @Bean
    IntegrationFlow partitionRequestsFromBroker(SimpleMessageListenerContainer partitionListener,
            SimpleMessageConverter partitionRequestConverter, PartitionRequests partitionRequestHandler) {
        return IntegrationFlow.from(Amqp.inboundAdapter(partitionListener).messageConverter(partitionRequestConverter))
                .handle(StepExecutionRequest.class, (request, headers) -> {
                    partitionRequestHandler.handle(request);
                    return null; // polling mode: the manager reads the outcome from the job repository
                })
                .get();
    }

    @Bean
    PartitionWorker partitionWorker(SimpleMessageListenerContainer partitionListener, HandBack handBack, SyncProperties sync) {
        return new PartitionWorker(partitionListener, handBack, sync.shutdownGrace());
    }
}
