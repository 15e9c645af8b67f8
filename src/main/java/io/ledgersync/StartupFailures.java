package io.ledgersync;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.flywaydb.core.api.FlywayException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.dao.DataAccessException;

import io.ledgersync.sync.dataset.DataSetFilesException;
import io.ledgersync.sync.dataset.UnsafeSchemaChangeException;
import io.ledgersync.sync.dataset.UnstorableRecordException;
import io.ledgersync.trigger.cli.ConfigurationMistakes;
import io.ledgersync.trigger.cli.ExitCode;
import io.ledgersync.warehouse.SchemaChangeFailedException;
import io.ledgersync.warehouse.lock.WarehouseInUse;

/**
 * Why a command could not start, told as one line on standard error with the exit code of the README's table, instead
 * of Spring Boot's report and stack trace (silenced in {@code config/application.yml}); the trace goes to the log at
 * DEBUG. The causes are a table of rows, (how to recognise it in the chain of causes → exit code, line), first match
 * wins: a new cause is a new row. Stateless.
 */
final class StartupFailures {

    private static final Logger log = LoggerFactory.getLogger(LedgersyncApplication.class);
    private static final Pattern MISSING_DATABASE = Pattern.compile("database \"([^\"]+)\" does not exist");

    /** One known cause: the line it is told with, when the failure is of it; the code it exits with. */
    private record Row(ExitCode code, Function<Throwable, Optional<String>> line) {
    }

    /** The exit code and the one line that a failure is told with. */
    record Told(ExitCode code, String line) {
    }

    private static final List<Row> TABLE = List.of(
            // a setting missing or wrong, named by its key: no API key for a base URL, the prod profile without
            // LEDGERSYNC_ADMIN_PASSWORD or without a Data API
            new Row(ExitCode.USAGE, failure -> cause(failure, InvalidConfigurationPropertyValueException.class)
                    .map(InvalidConfigurationPropertyValueException::getReason)),
            // a value that does not bind or that its record refuses, e.g. ledgersync.api.page-size=abc
            new Row(ExitCode.USAGE, failure -> cause(failure, BindException.class).map(StartupFailures::invalidSetting)),
            // a data set file that is not one, when the preflight did not see it (ConfigurationPreflight): file, line, field
            new Row(ExitCode.USAGE, failure -> cause(failure, DataSetFilesException.class).map(Throwable::getMessage)),
            // a data set file asks for a change its table cannot take in place: the line names data set, column, fix
            new Row(ExitCode.USAGE, failure -> cause(failure, UnsafeSchemaChangeException.class).map(Throwable::getMessage)),
            // a start's change of the tables failed mid-way and was taken back (SchemaChangeFailedException says whether
            // all of it was): a stored value its file's new column cannot hold is the file's to fix; else the database's
            new Row(ExitCode.USAGE, failure -> cause(failure, SchemaChangeFailedException.class)
                    .filter(e -> cause(e, UnstorableRecordException.class).isPresent()).map(Throwable::getMessage)),
            new Row(ExitCode.DATABASE, failure -> cause(failure, SchemaChangeFailedException.class)
                    .filter(e -> databaseFailure(e).isPresent()).map(Throwable::getMessage)),
            new Row(ExitCode.FAILED, failure -> cause(failure, SchemaChangeFailedException.class).map(Throwable::getMessage)),
            // the HTTP port is taken, e.g. a second worker on one host: a setting to change, so a usage error. The line
            // cannot tell serve from worker (the exception knows only the port), so it names both commands' settings
            new Row(ExitCode.USAGE, failure -> cause(failure, PortInUseException.class).map(e -> "Port " + e.getPort()
                    + " is already in use by another process on this host (another ledgersync?): give this one a free port"
                    + " with LEDGERSYNC_CLUSTER_WORKER_PORT (ledgersync.cluster.worker-port) for a worker, or SERVER_PORT"
                    + " (server.port) for serve")),
            // another process has the H2 warehouse open: a second ledgersync, not a broken database
            new Row(ExitCode.ALREADY_RUNNING, WarehouseInUse::message),
            new Row(ExitCode.DATABASE, failure -> sqlState(failure, "3D000").map(StartupFailures::missingDatabase)),
            new Row(ExitCode.DATABASE, failure -> sqlState(failure, "28").map(e -> "The warehouse database refused the login ("
                    + e.getMessage() + "): check LEDGERSYNC_DB_USER and LEDGERSYNC_DB_PASSWORD")),
            new Row(ExitCode.DATABASE, failure -> sqlState(failure, "08").map(e -> "Cannot reach the warehouse database ("
                    + e.getMessage() + "): check LEDGERSYNC_DB_URL and that the database server is up")),
            new Row(ExitCode.DATABASE, failure -> databaseFailure(failure).map(message -> "The warehouse database failed: "
                    + message + " (the log has the trace at DEBUG)")));

    private StartupFailures() {
    }

    /**
     * Tells the failure on {@code err} and returns its exit code. The log has the line with its trace at DEBUG only: a
     * command's log is on standard error too ({@code CommandOutput}), where ERROR would show the line twice.
     */
    static ExitCode report(Throwable failure, PrintStream err) {
        Optional<ConfigurationMistakes> mistakes = cause(failure, ConfigurationMistakes.class);
        if (mistakes.isPresent()) { // found before the start, all of them: one line each
            mistakes.get().lines().forEach(line -> {
                log.debug("The configuration was refused: {}", line);
                err.println(line);
            });
            return ExitCode.USAGE;
        }
        Told told = tell(failure);
        log.debug("The start failed: {}", told.line(), failure);
        err.println(told.line());
        return told.code();
    }

    static Told tell(Throwable failure) {
        for (Row row : TABLE) {
            Optional<String> line = row.line().apply(failure);
            if (line.isPresent()) {
                return new Told(row.code(), oneLine(line.get()));
            }
        }
        // Not a start failure we know: the code of its cause, if it has one (a Data API status, the database).
        return new Told(ExitCode.ofFailure(failure), oneLine("ledgersync could not start: " + innermostMessage(failure)
                + " (run with --logging.level.io.ledgersync=debug for the trace)"));
    }

    private static String invalidSetting(BindException failure) {
        String reason = cause(failure, ConversionFailedException.class)
                .map(e -> "'" + e.getValue() + "' is not " + article(e.getTargetType().getType().getSimpleName()))
                .orElseGet(() -> innermostMessage(failure));
        ConfigurationProperty property = failure.getProperty();
        if (property == null) {
            return "Invalid setting: " + reason; // refused by its record, whose message names the key
        }
        String name = property.getName().toString();
        Object value = secret(name) ? "****" : property.getValue();
        return "Invalid setting " + name + "=" + value + (property.getOrigin() == null ? "" : " (" + property.getOrigin() + ")")
                + ": " + reason;
    }

    private static String article(String type) {
        return ("AEIOU".indexOf(type.charAt(0)) >= 0 ? "an " : "a ") + type;
    }

    private static String missingDatabase(SQLException failure) {
        Matcher name = MISSING_DATABASE.matcher(String.valueOf(failure.getMessage()));
        return (name.find() ? "Warehouse database \"" + name.group(1) + "\"" : "The warehouse database")
                + " does not exist: create it, see docs/configuration.md, \"PostgreSQL\"";
    }

    private static Optional<String> databaseFailure(Throwable failure) {
        boolean database = cause(failure, SQLException.class).isPresent() || cause(failure, DataAccessException.class).isPresent()
                || cause(failure, FlywayException.class).isPresent();
        return database ? Optional.of(innermostMessage(failure)) : Optional.empty();
    }

    private static boolean secret(String name) {
        String compact = name.toLowerCase(Locale.ROOT).replace("-", "");
        return compact.contains("password") || compact.endsWith("apikey") || compact.contains("secret");
    }

    /** The first SQLException whose state starts with {@code prefix} (PostgreSQL's and the SQL standard's classes). */
    private static Optional<SQLException> sqlState(Throwable failure, String prefix) {
        for (Throwable cause : chain(failure)) {
            if (cause instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith(prefix)) {
                return Optional.of(sql);
            }
        }
        return Optional.empty();
    }

    private static <T extends Throwable> Optional<T> cause(Throwable failure, Class<T> type) {
        return chain(failure).stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    /** The innermost message: Spring's wrappers ("Error creating bean with name ...") only repeat it. */
    private static String innermostMessage(Throwable failure) {
        String message = failure.getClass().getName();
        for (Throwable cause : chain(failure)) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                message = cause.getMessage();
            }
        }
        return message;
    }

    private static List<Throwable> chain(Throwable failure) {
        List<Throwable> chain = new java.util.ArrayList<>();
        for (Throwable cause = failure; cause != null && !chain.contains(cause); cause = cause.getCause()) {
            chain.add(cause);
        }
        return chain;
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
