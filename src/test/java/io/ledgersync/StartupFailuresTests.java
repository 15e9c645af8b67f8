package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.sql.SQLException;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

import io.ledgersync.trigger.cli.ExitCode;

/** Each known cause of a failed start: its exit code and the one line that says what to do. */
class StartupFailuresTests {

    @Test
    void aSettingThatIsMissingIsAConfigurationErrorToldInItsOwnWords() {
        StartupFailures.Told told = StartupFailures.tell(wrapped(new InvalidConfigurationPropertyValueException(
                "ledgersync.api.api-key", "", "No API key for the Data API at http://x: set LEDGERSYNC_API_KEY (ledgersync.api.api-key)")));

        assertThat(told).isEqualTo(new StartupFailures.Told(ExitCode.USAGE,
                "No API key for the Data API at http://x: set LEDGERSYNC_API_KEY (ledgersync.api.api-key)"));
    }

    @Test
    void aMissingPostgresDatabaseIsNamedWithWhereToReadHowToCreateIt() {
        StartupFailures.Told told = StartupFailures.tell(wrapped(new RuntimeException("Failed to initialize pool",
                new SQLException("FATAL: database \"ledgersync\" does not exist", "3D000"))));

        assertThat(told).isEqualTo(new StartupFailures.Told(ExitCode.DATABASE,
                "Warehouse database \"ledgersync\" does not exist: create it, see docs/configuration.md, \"PostgreSQL\""));
    }

    @Test
    void anUnreachableDatabaseOrARefusedLoginIsTheDatabases() {
        StartupFailures.Told unreachable = StartupFailures.tell(wrapped(new SQLException(
                "Connection to 127.0.0.1:5499 refused.", "08001", new ConnectException("Connection refused"))));
        StartupFailures.Told login = StartupFailures.tell(wrapped(new SQLException(
                "FATAL: password authentication failed for user \"ledgersync\"", "28P01")));

        assertThat(unreachable.code()).isEqualTo(ExitCode.DATABASE);
        assertThat(unreachable.line()).isEqualTo("Cannot reach the warehouse database (Connection to 127.0.0.1:5499 refused.): "
                + "check LEDGERSYNC_DB_URL and that the database server is up");
        assertThat(login.code()).isEqualTo(ExitCode.DATABASE);
        assertThat(login.line()).contains("refused the login").contains("LEDGERSYNC_DB_USER and LEDGERSYNC_DB_PASSWORD");
    }

    @Test
    void aPortInUseIsAUsageErrorNamingThePortAndTheSettingsThatMoveIt() {
        RuntimeException failure = new org.springframework.context.ApplicationContextException("Failed to start bean "
                + "'webServerStartStop'", new org.springframework.boot.web.server.PortInUseException(8090,
                        new java.net.BindException("Address already in use")));

        StartupFailures.Told told = StartupFailures.tell(failure);

        assertThat(told.code()).isEqualTo(ExitCode.USAGE);
        assertThat(told.line()).startsWith("Port 8090 is already in use by another process on this host")
                .contains("LEDGERSYNC_CLUSTER_WORKER_PORT (ledgersync.cluster.worker-port) for a worker")
                .contains("SERVER_PORT (server.port) for serve").doesNotContain("Address already in use");
    }

    @Test
    void anUnknownCauseIsToldByItsInnermostMessageOnOneLine() {
        StartupFailures.Told told = StartupFailures.tell(wrapped(new IllegalStateException("the disk\nis full")));

        assertThat(told.code()).isEqualTo(ExitCode.FAILED);
        assertThat(told.line()).isEqualTo("ledgersync could not start: the disk is full "
                + "(run with --logging.level.io.ledgersync=debug for the trace)");
    }

    /** As Spring hands a failed start over: the cause deep inside bean creation. */
    private static RuntimeException wrapped(Throwable cause) {
        return new BeanCreationException("dataSource", "Error creating bean with name 'dataSource'",
                new BeanCreationException("flyway", "Failed to instantiate", cause));
    }
}
