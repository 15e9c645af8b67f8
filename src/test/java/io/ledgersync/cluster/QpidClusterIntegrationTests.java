package io.ledgersync.cluster;

import org.junit.jupiter.api.BeforeAll;

/** Cluster mode on an embedded AMQP 0-9-1 broker (Qpid Broker-J): what {@code ./mvnw verify} runs on a JDK-only machine. */
class QpidClusterIntegrationTests extends AbstractClusterIntegrationTests {

    @BeforeAll
    static void cluster() {
        startCluster(TestBroker.embeddedQpid(), "qpid");
    }
}
