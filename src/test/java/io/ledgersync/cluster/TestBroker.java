package io.ledgersync.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.qpid.server.SystemLauncher;

/**
 * An AMQP 0-9-1 broker for the cluster tests: an embedded Apache Qpid Broker-J (from Maven Central, a memory virtual
 * host: nothing to install, nothing left behind), or the RabbitMQ of the machine at 127.0.0.1:5672 (guest/guest, as
 * CI has it), which the tests use only when it answers, except under {@code CI=true}, where its absence is a
 * failure ({@link io.ledgersync.RequiresMachineServer}). Each test names its own queue (through
 * {@code ledgersync.cluster.name}), so tests on one RabbitMQ never share work.
 */
public interface TestBroker extends AutoCloseable {

    int port();

    String name();

    /** The settings that point a ledgersync process at this broker. */
    default List<String> arguments() {
        return List.of("--spring.rabbitmq.host=127.0.0.1", "--spring.rabbitmq.port=" + port(), "--spring.rabbitmq.username=guest",
                "--spring.rabbitmq.password=guest");
    }

    @Override
    void close();

    static TestBroker embeddedQpid() {
        return EmbeddedQpid.start();
    }

    /** The machine's RabbitMQ, for a test class marked {@code @RequiresMachineServer(RABBITMQ)}. */
    static TestBroker localRabbitMq() {
        return new TestBroker() {
            @Override
            public int port() {
                return 5672;
            }

            @Override
            public String name() {
                return "RabbitMQ at 127.0.0.1:5672";
            }

            @Override
            public void close() {
                // not ours: the queues of a test are named after it and deleted by it
            }
        };
    }

    /** Qpid Broker-J in this JVM on a free port, user guest/guest, one in-memory virtual host as the default. */
    final class EmbeddedQpid implements TestBroker {

        private static final String CONFIGURATION = """
                {
                  "name": "ledgersync-test-broker",
                  "modelVersion": "9.1",
                  "authenticationproviders": [ {
                    "name": "plain", "type": "Plain", "secureOnlyMechanisms": [],
                    "users": [ { "name": "guest", "password": "guest", "type": "managed" } ]
                  } ],
                  "ports": [ {
                    "name": "AMQP", "port": "${qpid.amqp_port}", "bindingAddress": "127.0.0.1",
                    "authenticationProvider": "plain", "protocols": [ "AMQP_0_9_1" ],
                    "virtualhostaliases": [ { "name": "defaultAlias", "type": "defaultAlias" } ]
                  } ],
                  "virtualhostnodes": [ {
                    "name": "default", "type": "Memory", "defaultVirtualHostNode": "true",
                    "virtualHostInitialConfiguration": "{\\"type\\": \\"Memory\\"}"
                  } ]
                }
                """;

        private final SystemLauncher launcher;
        private final int port;

        private EmbeddedQpid(SystemLauncher launcher, int port) {
            this.launcher = launcher;
            this.port = port;
        }

        static EmbeddedQpid start() {
            try {
                int port;
                try (ServerSocket socket = new ServerSocket(0)) {
                    port = socket.getLocalPort();
                }
                Path work = Files.createTempDirectory("qpid-");
                Path configuration = work.resolve("initial-config.json");
                Files.writeString(configuration, CONFIGURATION, StandardCharsets.UTF_8);
                Map<String, Object> attributes = new HashMap<>();
                attributes.put("type", "Memory");
                attributes.put("initialConfigurationLocation", configuration.toUri().toString());
                attributes.put("startupLoggedToSystemOut", false);
                attributes.put("context", Map.of("qpid.amqp_port", String.valueOf(port), "qpid.work_dir", work.toString(),
                        "qpid.home_dir", work.toString()));
                SystemLauncher launcher = new SystemLauncher();
                launcher.startup(attributes);
                return new EmbeddedQpid(launcher, port);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (Exception e) {
                throw new IllegalStateException("Cannot start the embedded Qpid broker", e);
            }
        }

        @Override
        public int port() {
            return port;
        }

        @Override
        public String name() {
            return "embedded Qpid Broker-J";
        }

        /** The broker logs through the application's logging, an INFO line per queue, connection and channel. */
        @Override
        public List<String> arguments() {
            List<String> arguments = new java.util.ArrayList<>(TestBroker.super.arguments());
            arguments.addAll(List.of("--logging.level.qpid=WARN", "--logging.level.org.apache.qpid=WARN"));
            return arguments;
        }

        @Override
        public void close() {
            launcher.shutdown();
        }
    }
}
