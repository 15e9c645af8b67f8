package io.ledgersync.cluster;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.support.converter.MessageConversionException;
import org.springframework.amqp.support.converter.SimpleMessageConverter;
import org.springframework.batch.integration.partition.StepExecutionRequest;

import io.ledgersync.cluster.RefusedMessage.Reason;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Reads a partition request from a message of the queue, or refuses it ({@link RefusedMessage}) naming why. Requests
 * are Java-serialized {@link StepExecutionRequest}s (a step name and an id), as the manager's outbound adapter sends
 * them; Spring AMQP's {@link SimpleMessageConverter} deserializes only the classes on its allow-list (that one: the
 * numbers and strings inside it are always allowed), so that a message of another kind cannot make the worker load
 * arbitrary classes. Whatever else the converter would hand back (a String for {@code text/plain}, the raw bytes for
 * no content type) is refused here, not passed on as a request that is null. A refusal is counted
 * ({@code ledgersync_cluster_messages_rejected_total{reason}}) and logged in one line at WARN; where the message goes is
 * {@link PartitionRequestListener}'s. Thread-safe.
 */
final class PartitionRequestReader {

    private static final Logger log = LoggerFactory.getLogger(PartitionRequestReader.class);
    static final String METER = "ledgersync.cluster.messages.rejected";
    private static final Pattern UNAUTHORIZED = Pattern.compile("unauthorized class ([\\w.$]+)");

    private final SimpleMessageConverter converter = new SimpleMessageConverter();
    private final String queue;
    private final String deadLetterQueue;
    private final MeterRegistry meters;

    PartitionRequestReader(String queue, String deadLetterQueue, MeterRegistry meters) {
        this.queue = queue;
        this.deadLetterQueue = deadLetterQueue;
        this.meters = meters;
        converter.setAllowedListPatterns(List.of(StepExecutionRequest.class.getName()));
        for (Reason reason : Reason.values()) { // at zero from the start, so that increase() sees the first one
            meters.counter(METER, "reason", reason.tag());
        }
    }

    /** The request the message holds; or, having counted and logged why, throws the refusal that rejects it. */
    StepExecutionRequest read(Message message) {
        try {
            return request(message);
        } catch (RefusedMessage refused) {
            log.warn(refused.getMessage());
            meters.counter(METER, "reason", refused.reason().tag()).increment();
            throw refused;
        }
    }

    private StepExecutionRequest request(Message message) {
        String contentType = message.getMessageProperties().getContentType();
        if (!MessageProperties.CONTENT_TYPE_SERIALIZED_OBJECT.equals(contentType)) {
            throw refused(Reason.CONTENT_TYPE, message, "its content type is " + (contentType == null ? "not set" : "'" + contentType + "'")
                    + ", not " + MessageProperties.CONTENT_TYPE_SERIALIZED_OBJECT);
        }
        Object content;
        try {
            content = converter.fromMessage(message);
        } catch (SecurityException e) { // the allow-list's refusal, whose advice (trust every class) is not for here
            Matcher named = UNAUTHORIZED.matcher(String.valueOf(e.getMessage()));
            throw refused(Reason.CLASS_NOT_ALLOWED, message, "it holds a serialized " + (named.find() ? named.group(1) : "class")
                    + ", which the worker does not deserialize (only " + StepExecutionRequest.class.getName() + ")");
        } catch (MessageConversionException e) {
            throw refused(Reason.UNREADABLE, message, "it does not deserialize (" + rootCause(e) + ")");
        }
        if (!(content instanceof StepExecutionRequest request)) {
            throw refused(Reason.NOT_A_REQUEST, message, "it holds a " + content.getClass().getName() + ", not a "
                    + StepExecutionRequest.class.getSimpleName());
        }
        if (request.getStepName() == null || request.getStepName().isBlank()) {
            throw refused(Reason.NOT_A_REQUEST, message, "its request names no step (" + request + ")");
        }
        return request;
    }

    private static String rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.toString();
    }

    private RefusedMessage refused(Reason reason, Message message, String why) {
        MessageProperties properties = message.getMessageProperties();
        String id = properties.getMessageId() == null ? "" : " " + properties.getMessageId();
        return new RefusedMessage(reason, "Rejected message" + id + " on " + queue + " (" + reason.tag() + "): " + why + "; "
                + message.getBody().length + " bytes, dead-lettered to " + deadLetterQueue + ", never run");
    }
}
