package io.ledgersync.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.amqp.AmqpRejectAndDontRequeueException;
import org.springframework.amqp.core.AmqpTemplate;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/** Where a worker's listener puts a message that is not a partition request: never back on the queue. */
class PartitionRequestListenerTests {

    private final AmqpTemplate broker = mock(AmqpTemplate.class);
    private final PartitionRequestListener listener = new PartitionRequestListener(
            new PartitionRequestReader("ls.partitions", "ls.partitions.dlq", new SimpleMeterRegistry()), null, broker, "ls.partitions.dlq");
    private final Message text = MessageBuilder.withBody("hello".getBytes(StandardCharsets.UTF_8)).setContentType("text/plain").build();

    @Test
    void givenAMessageThatIsNoRequest_whenReceived_thenItIsMovedToTheDeadLetterQueueWithWhyAndAcknowledged() {
        assertThatNoException().as("returning acknowledges it").isThrownBy(() -> listener.onMessage(text));

        ArgumentCaptor<Message> kept = ArgumentCaptor.forClass(Message.class);
        verify(broker).send(eq(""), eq("ls.partitions.dlq"), kept.capture());
        assertThat(kept.getValue().getBody()).isEqualTo(text.getBody());
        assertThat(kept.getValue().getMessageProperties().getContentType()).isEqualTo("text/plain");
        assertThat(kept.getValue().getMessageProperties().<String>getHeader(PartitionRequestListener.REASON)).isEqualTo("content-type");
        assertThat(kept.getValue().getMessageProperties().<String>getHeader(PartitionRequestListener.BECAUSE))
                .startsWith("Rejected message on ls.partitions (content-type): its content type is 'text/plain'");
    }

    @Test
    void givenTheDeadLetterQueueCannotBeReached_whenReceived_thenTheMessageIsRejectedWithoutRequeue() {
        doThrow(new AmqpConnectException(new java.net.ConnectException("refused"))).when(broker).send(any(String.class),
                any(String.class), any(Message.class));

        assertThatThrownBy(() -> listener.onMessage(text)).isInstanceOf(AmqpRejectAndDontRequeueException.class);
    }
}
