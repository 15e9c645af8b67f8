package io.ledgersync;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * A server of the machine that some test classes use besides their embedded ones, as CI has them: PostgreSQL at
 * 127.0.0.1:5432 (user postgres, trust auth) and RabbitMQ at 127.0.0.1:5672 (guest/guest); and the {@code prometheus}
 * command, which tests start themselves. A class that needs one says
 * so with {@link RequiresMachineServer}: without the server it is skipped ({@link SkippedSuites} names it in one line at
 * the end of the build), except under {@code CI=true}, where its absence fails it.
 */
public enum MachineServer {

    POSTGRES("PostgreSQL at 127.0.0.1:5432", "user postgres, trust auth") {
        @Override
        void probe() throws SQLException {
            try (Connection connection = DriverManager.getConnection(POSTGRES_URL + "postgres", "postgres", "")) {
                connection.isValid(5);
            }
        }
    },

    RABBITMQ("RabbitMQ at 127.0.0.1:5672", "guest/guest") {
        @Override
        void probe() throws IOException {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", 5672), 2000);
            }
        }
    },

    /** Not a server that runs, but one the tests start: Debian's package, not on Maven Central. */
    PROMETHEUS("Prometheus (the prometheus command)", "Debian's package prometheus, which .ci/run installs") {
        @Override
        void probe() throws Exception {
            Process version;
            try {
                version = new ProcessBuilder("prometheus", "--version").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            } catch (IOException e) {
                throw new IOException("no prometheus on the PATH: apt-get install prometheus", e);
            }
            if (!version.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) || version.exitValue() != 0) {
                version.destroyForcibly();
                throw new IOException("prometheus --version did not exit 0");
            }
        }
    };

    /** The JDBC URL of the machine's PostgreSQL server, without a database name. */
    public static final String POSTGRES_URL = "jdbc:postgresql://127.0.0.1:5432/";

    private final String description;
    private final String access;

    MachineServer(String description, String access) {
        this.description = description;
        this.access = access;
    }

    /** Throws when the server does not answer. */
    abstract void probe() throws Exception;

    @Override
    public String toString() {
        return description;
    }

    /** Skips a class annotated with {@link RequiresMachineServer} when its server is absent; under CI=true, fails it. */
    static final class Condition implements ExecutionCondition {

        /** Why each server is absent, or "" when it answers: asked once per test JVM. */
        private static final Map<MachineServer, String> absence = new ConcurrentHashMap<>();

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getElement().flatMap(element -> AnnotationSupport.findAnnotation(element, RequiresMachineServer.class))
                    .map(required -> evaluate(required.value()))
                    .orElse(ConditionEvaluationResult.enabled("needs no server of the machine"));
        }

        private static ConditionEvaluationResult evaluate(MachineServer server) {
            String absent = absence.computeIfAbsent(server, Condition::absence);
            if (absent.isEmpty()) {
                return ConditionEvaluationResult.enabled(server + " answers");
            }
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException("CI must provide " + server + " (" + server.access + "): " + absent);
            }
            return ConditionEvaluationResult.disabled("no " + server + ": " + absent);
        }

        private static String absence(MachineServer server) {
            try {
                server.probe();
                return "";
            } catch (Exception e) {
                return String.valueOf(e.getMessage());
            }
        }
    }
}
