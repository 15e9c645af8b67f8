package io.ledgersync.cluster;

import org.junit.jupiter.api.BeforeAll;

import io.ledgersync.MachineServer;
import io.ledgersync.RequiresMachineServer;

/** Cluster mode on the machine's RabbitMQ (127.0.0.1:5672): skipped without one, failed without one under {@code CI=true}. */
@RequiresMachineServer(MachineServer.RABBITMQ)
class RabbitMqClusterIntegrationTests extends AbstractClusterIntegrationTests {

    @BeforeAll
    static void cluster() {
        startCluster(TestBroker.localRabbitMq(), "rabbitmq");
    }
}
