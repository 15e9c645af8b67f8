package io.ledgersync.trigger.cli;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfoService;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.source.DataApiConnectionException;
import io.ledgersync.source.DataApiException;

/**
 * The {@code check} command: whether what a sync needs answers now, one line each on standard output: the Data API
 * takes the key (one request, sent once: {@link DataApiClient#probe}), the warehouse database answers and which of
 * this version's migrations it has, and in cluster mode the broker answers. It only looks: it applies no migration and
 * creates no table. The exit code is the most urgent of the lines' ({@link ExitCode#mostUrgent}): 0 when all are ok.
 * Its context holds only what it looks at, each bean made when the check asks for it, so that one that cannot be made
 * is that check's failure, not the start's.
 */
@Component
@ConditionalOnProperty(name = "ledgersync.command", havingValue = "check")
public class CommandLineCheck implements ApplicationRunner, ExitCodeGenerator {

    private final ObjectProvider<DataApiClient> client;
    private final ObjectProvider<DataSource> dataSource;
    private final ObjectProvider<Flyway> flyway;
    private final ObjectProvider<ConnectionFactory> broker;
    private final Environment environment;
    private final FailureLines failures;
    private final CommandOutput output;
    private ExitCode exitCode = ExitCode.FAILED;

    CommandLineCheck(ObjectProvider<DataApiClient> client, ObjectProvider<DataSource> dataSource, ObjectProvider<Flyway> flyway,
            ObjectProvider<ConnectionFactory> broker, Environment environment, FailureLines failures,
            CommandOutput output) {
        this.client = client;
        this.dataSource = dataSource;
        this.flyway = flyway;
        this.broker = broker;
        this.environment = environment;
        this.failures = failures;
        this.output = output;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        List<ExitCode> codes = new ArrayList<>();
        for (FailureLines.Line line : List.of(api(), warehouse(), broker())) {
            output.println(line.text());
            codes.add(line.code());
        }
        exitCode = ExitCode.mostUrgent(codes);
    }

    FailureLines.Line api() {
        DataApiClient api;
        try {
            api = client.getObject();
        } catch (RuntimeException notConfigured) {
            FailureLines.Line told = failures.of(notConfigured);
            return new FailureLines.Line(told.code(), "api: not configured — " + told.text());
        }
        String where = api.endpoint().baseUrl() + (environment.getProperty("ledgersync.api.base-url", "").isBlank()
                ? " (the embedded sandbox: LEDGERSYNC_API_BASE_URL is not set)" : "");
        long start = System.nanoTime();
        try {
            api.probe();
            return ok("api: ok — " + where + " answered 200 in " + millis(start) + ", key accepted");
        } catch (DataApiConnectionException unreachable) {
            return new FailureLines.Line(ExitCode.SOURCE_UNAVAILABLE, "api: unreachable — " + where + ": " + unreachable.reason()
                    + " after " + millis(start) + ": " + unreachable.advice());
        } catch (DataApiException answered) {
            ExitCode code = ExitCode.ofFailure(answered);
            String what = code == ExitCode.AUTHENTICATION ? "key refused" : "failing";
            String fix = code == ExitCode.AUTHENTICATION ? ": set LEDGERSYNC_API_KEY to a key this Data API accepts"
                    : code == ExitCode.SOURCE_UNAVAILABLE ? ": the Data API is failing or limiting us now; check again later" : "";
            return new FailureLines.Line(code, "api: " + what + " — " + where + " answered " + answered.status() + " in "
                    + millis(start) + " (" + oneLine(answered.getMessage()) + ")" + fix);
        }
    }

    FailureLines.Line warehouse() {
        long start = System.nanoTime();
        try (Connection connection = dataSource.getObject().getConnection()) {
            DatabaseMetaData database = connection.getMetaData();
            String where = database.getURL().replaceFirst("[;?].*", "") + " (" + database.getDatabaseProductName() + " "
                    + database.getDatabaseProductVersion() + ")";
            String answered = millis(start);
            MigrationInfoService migrations = flyway.getObject().info();
            int applied = migrations.applied().length;
            int pending = migrations.pending().length;
            return ok("warehouse: ok — " + where + " answered in " + answered + ", " + applied + " migration(s) applied, "
                    + (pending == 0 ? "none pending" : pending + " pending: the next sync or serve applies them"));
        } catch (Exception failure) {
            FailureLines.Line told = failures.of(failure);
            return new FailureLines.Line(told.code(), "warehouse: failing — " + told.text());
        }
    }

    FailureLines.Line broker() {
        if (!environment.getProperty("ledgersync.cluster.enabled", Boolean.class, false)) {
            return ok("broker: not used — cluster mode is off (LEDGERSYNC_CLUSTER_ENABLED)");
        }
        ConnectionFactory connections;
        try {
            connections = broker.getObject();
        } catch (RuntimeException notConfigured) {
            FailureLines.Line told = failures.of(notConfigured);
            return new FailureLines.Line(told.code(), "broker: not configured — " + told.text());
        }
        String where = "RabbitMQ at " + connections.getHost() + ":" + connections.getPort() + " (virtual host "
                + connections.getVirtualHost() + ")";
        long start = System.nanoTime();
        try (var connection = connections.createConnection()) {
            return ok("broker: ok — " + where + " answered in " + millis(start));
        } catch (RuntimeException unreachable) {
            // like the Data API: a service over the network that is not there now, which waiting or a person fixes
            return new FailureLines.Line(ExitCode.SOURCE_UNAVAILABLE, "broker: unreachable — " + where + ": "
                    + oneLine(innermost(unreachable)) + ": check SPRING_RABBITMQ_HOST, SPRING_RABBITMQ_PORT, the credentials"
                    + " and that the broker is up");
        }
    }

    private static FailureLines.Line ok(String text) {
        return new FailureLines.Line(ExitCode.COMPLETED, text);
    }

    private static String millis(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000 + " ms";
    }

    private static String innermost(Throwable failure) {
        String message = String.valueOf(failure);
        for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        }
        return message;
    }

    private static String oneLine(String text) {
        return String.valueOf(text).replaceAll("\\s*\\R\\s*", " ").strip();
    }

    @Override
    public int getExitCode() {
        return exitCode.code();
    }
}
