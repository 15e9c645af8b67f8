package io.ledgersync.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;

import org.junit.jupiter.api.Test;
import org.springframework.amqp.AmqpRejectAndDontRequeueException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.utils.SerializationUtils;
import org.springframework.batch.integration.partition.StepExecutionRequest;

import io.ledgersync.cluster.RefusedMessage.Reason;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/** A worker reads a partition request from a message, or refuses the message, naming why, for the broker to dead-letter. */
class PartitionRequestReaderTests {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final PartitionRequestReader reader = new PartitionRequestReader("ls.partitions", "ls.partitions.dlq", meters);

    @Test
    void aSerializedRequestIsReadAsTheManagerSentIt() {
        StepExecutionRequest request = reader.read(serialized(new StepExecutionRequest("invoices", 42)));

        assertThat(request.getStepName()).isEqualTo("invoices");
        assertThat(request.getStepExecutionId()).isEqualTo(42);
        assertThat(meters.get(PartitionRequestReader.METER).counters()).as("every reason, at zero").hasSize(Reason.values().length)
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    @Test
    void givenTextPlain_whenRead_thenRefusedForItsContentTypeWithoutRequeue() {
        Message text = MessageBuilder.withBody("hello".getBytes(StandardCharsets.UTF_8)).setContentType("text/plain").build();

        assertThatThrownBy(() -> reader.read(text)).isInstanceOf(AmqpRejectAndDontRequeueException.class)
                .hasMessage("Rejected message on ls.partitions (content-type): its content type is 'text/plain', not"
                        + " application/x-java-serialized-object; 5 bytes, dead-lettered to ls.partitions.dlq, never run");
        assertThat(rejected(Reason.CONTENT_TYPE)).isEqualTo(1);
    }

    @Test
    void givenNoContentType_whenRead_thenRefusedForItsContentType() {
        Message bare = new Message(new byte[] {1, 2, 3}, new MessageProperties());
        bare.getMessageProperties().setContentType(null);

        assertThatThrownBy(() -> reader.read(bare)).hasMessageContaining("(content-type): its content type is not set");
        assertThat(rejected(Reason.CONTENT_TYPE)).isEqualTo(1);
    }

    @Test
    void givenASerializedStringOrNumber_whenRead_thenRefusedAsNotARequest() {
        assertThatThrownBy(() -> reader.read(serialized("invoices"))).hasMessageContaining("(not-a-request): it holds a java.lang.String");
        assertThatThrownBy(() -> reader.read(serialized(42))).hasMessageContaining("(not-a-request): it holds a java.lang.Integer");
        assertThat(rejected(Reason.NOT_A_REQUEST)).isEqualTo(2);
    }

    @Test
    void givenARequestWithoutAStepName_whenRead_thenRefusedAsNotARequest() {
        assertThatThrownBy(() -> reader.read(serialized(new StepExecutionRequest(null, 42))))
                .hasMessageContaining("(not-a-request): its request names no step");
        assertThat(rejected(Reason.NOT_A_REQUEST)).isEqualTo(1);
    }

    @Test
    void givenASerializedClassOffTheAllowList_whenRead_thenRefusedUndeserializedNamingTheClass() {
        HashMap<String, String> map = new HashMap<>();
        map.put("stepName", "invoices");

        assertThatThrownBy(() -> reader.read(serialized(map))).hasMessageContaining("(class-not-allowed): it holds a serialized"
                + " java.util.HashMap, which the worker does not deserialize").hasMessageNotContaining("TRUST_ALL");
        assertThat(rejected(Reason.CLASS_NOT_ALLOWED)).isEqualTo(1);
    }

    @Test
    void givenBytesThatDoNotDeserialize_whenRead_thenRefusedAsUnreadable() {
        Message corrupt = MessageBuilder.withBody(new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5, 1})
                .setContentType(MessageProperties.CONTENT_TYPE_SERIALIZED_OBJECT).build();

        assertThatThrownBy(() -> reader.read(corrupt)).hasMessageContaining("(unreadable): it does not deserialize (java.io.");
        assertThat(rejected(Reason.UNREADABLE)).isEqualTo(1);
    }

    private double rejected(Reason reason) {
        return meters.get(PartitionRequestReader.METER).tag("reason", reason.tag()).counter().count();
    }

    static Message serialized(Serializable object) {
        return MessageBuilder.withBody(SerializationUtils.serialize(object))
                .setContentType(MessageProperties.CONTENT_TYPE_SERIALIZED_OBJECT).build();
    }
}
