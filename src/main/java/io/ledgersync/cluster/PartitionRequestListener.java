package io.ledgersync.cluster;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.AmqpTemplate;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageListener;
import org.springframework.batch.integration.partition.StepExecutionRequest;

/**
 * A worker's listener on the partition queue: each request goes to {@link PartitionRequests}, and is acknowledged when
 * its partition ended (the manager reads the outcome from the job repository). A message that is not a request
 * ({@link PartitionRequestReader}) is moved to {@code <cluster>.partitions.dlq}, with why in its headers
 * ({@value #REASON}, {@value #BECAUSE}), then acknowledged: it never goes back to the queue. Moved by the worker, not
 * dead-lettered by the broker, so that no argument of the partition queue changes (see
 * {@code ClusterConfiguration#partitionDeadLetterQueue}). Thread-safe.
 */
final class PartitionRequestListener implements MessageListener {

    private static final Logger log = LoggerFactory.getLogger(PartitionRequestListener.class);
    static final String REASON = "x-ledgersync-rejected";
    static final String BECAUSE = "x-ledgersync-rejected-because";

    private final PartitionRequestReader reader;
    private final PartitionRequests requests;
    private final AmqpTemplate broker;
    private final String deadLetterQueue;

    PartitionRequestListener(PartitionRequestReader reader, PartitionRequests requests, AmqpTemplate broker, String deadLetterQueue) {
        this.reader = reader;
        this.requests = requests;
        this.broker = broker;
        this.deadLetterQueue = deadLetterQueue;
    }

    @Override
    public void onMessage(Message message) {
        StepExecutionRequest request;
        try {
            request = reader.read(message);
        } catch (RefusedMessage refused) {
            moveToDeadLetters(message, refused);
            return;
        }
        requests.handle(request);
    }

    private void moveToDeadLetters(Message message, RefusedMessage refused) {
        Message kept = MessageBuilder.fromMessage(message).setHeader(REASON, refused.reason().tag())
                .setHeader(BECAUSE, refused.getMessage()).build();
        try {
            broker.send("", deadLetterQueue, kept); // the default exchange routes to the queue of that name
        } catch (AmqpException e) {
            // rejected without requeue all the same: dropped, the line above saying what it was, rather than back for ever
            log.warn("Could not keep the rejected message in {} ({}): dropped", deadLetterQueue, e.getMessage());
            throw refused;
        }
    }
}
