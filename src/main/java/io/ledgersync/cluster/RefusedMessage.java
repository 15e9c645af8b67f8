package io.ledgersync.cluster;

import org.springframework.amqp.AmqpRejectAndDontRequeueException;

/**
 * A message on the partition queue that is not a partition request: the worker moves it to
 * {@code <cluster>.partitions.dlq} ({@link PartitionRequestListener}), and never hands it back to the queue, where it
 * would come back at once and for ever. Thrown to the listener container, as when it cannot be moved, it rejects the
 * message without requeue. {@link #reason} is the metric's tag; the message is the one line the log says it with.
 */
final class RefusedMessage extends AmqpRejectAndDontRequeueException {

    /** Why, as the tag {@code reason} of {@code ledgersync_cluster_messages_rejected_total} says it. */
    enum Reason {
        /** Not Java-serialized ({@code text/plain}, JSON, or no content type at all). */
        CONTENT_TYPE("content-type"),
        /** Serialized, but of a class the worker does not deserialize (the allow-list: a HashMap, a gadget). */
        CLASS_NOT_ALLOWED("class-not-allowed"),
        /** Bytes that do not deserialize: cut short, corrupt, or not Java serialization at all. */
        UNREADABLE("unreadable"),
        /** Deserialized, but not a whole request: a String, a number, or a request without a step name or id. */
        NOT_A_REQUEST("not-a-request");

        private final String tag;

        Reason(String tag) {
            this.tag = tag;
        }

        String tag() {
            return tag;
        }
    }

    private final Reason reason;

    RefusedMessage(Reason reason, String line) {
        super(line);
        this.reason = reason;
    }

    Reason reason() {
        return reason;
    }
}
