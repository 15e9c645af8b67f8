package io.ledgersync.cluster;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.ledgersync.LedgersyncJvm;
import io.ledgersync.sandbox.SandboxServer;

/**
 * The processes of a cluster as an operator starts them, for whole-app tests: a manager ({@code sync} or {@code serve})
 * and {@code worker}s, each a JVM of its own, sharing a job repository (PostgreSQL), an AMQP broker and the sandbox.
 * The cluster is named after its database and this JVM, so that tests on one RabbitMQ never share work. Closing kills
 * what is still running. Not thread-safe: one per test class.
 */
public final class ClusterJvms implements AutoCloseable {

    /** A JVM's start took 80 s at a load of 28 on the 2-core machine, other builds beside it. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final HttpClient http = HttpClient.newHttpClient();

    private final SandboxServer sandbox;
    private final TestBroker broker;
    private final List<String> settings;
    private final List<LedgersyncJvm> started = new ArrayList<>();

    /** @param settings what each process of the test class starts with besides the cluster's own (page size, ...) */
    public ClusterJvms(SandboxServer sandbox, TestBroker broker, String... settings) {
        this.sandbox = sandbox;
        this.broker = broker;
        this.settings = List.of(settings);
    }

    /** A process of the cluster whose job repository is {@code databaseUrl}, with {@code more} settings of its own. */
    public LedgersyncJvm start(String name, String command, String databaseUrl, String... more) {
        String database = databaseUrl.replaceFirst("^.*/([^/?]+)(\\?.*)?$", "$1");
        List<String> arguments = new ArrayList<>(List.of(command,
                "--ledgersync.cluster.enabled=true",
                "--ledgersync.cluster.name=" + database + "_" + ProcessHandle.current().pid(),
                "--ledgersync.cluster.poll-interval=200ms",
                "--ledgersync.api.base-url=" + sandbox.baseUrl(),
                "--ledgersync.api.api-key=" + sandbox.apiKey(),
                "--spring.datasource.url=" + databaseUrl,
                "--spring.datasource.username=postgres",
                "--spring.datasource.password="));
        arguments.addAll(settings);
        arguments.addAll(broker.arguments());
        arguments.addAll(List.of(more));
        LedgersyncJvm process = LedgersyncJvm.start(name, arguments);
        started.add(process);
        return process;
    }

    /** Waits until a process answers UP on its port (a worker's {@code worker-port}, a service's {@code server.port}). */
    public static void awaitUp(LedgersyncJvm process, int port) {
        await().atMost(START_TIMEOUT).pollInterval(Duration.ofMillis(250)).alias("the process " + process.pid() + " answers UP on port " + port)
                .failFast("it ended", () -> !process.isAlive())
                .ignoreExceptions().until(() -> get(port, "/actuator/health").contains("\"UP\""));
    }

    /** The body of an unauthenticated GET on loopback (health, metrics). */
    public static String get(int port, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(5)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        started.forEach(LedgersyncJvm::kill);
    }
}
