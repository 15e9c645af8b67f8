package io.ledgersync;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Import;

import io.ledgersync.source.DataApiClient;
import io.ledgersync.trigger.cli.CommandLineCheck;
import io.ledgersync.trigger.cli.CommandOptions;
import io.ledgersync.trigger.cli.CommandOutput;
import io.ledgersync.trigger.cli.ConfigurationPreflight;
import io.ledgersync.trigger.cli.FailureLines;
import io.ledgersync.trigger.cli.ReportOptions;
import io.ledgersync.trigger.cli.ResetOptions;

/**
 * How the connector verbs start: {@code check} in a context of its own that holds only what it looks at; {@code status},
 * {@code runs} and {@code reset} in the application without its web server (no schedule and no startup sync either:
 * those are {@code serve}'s) and without the Data API or its embedded sandbox ({@link DataApiOnlyWhenUsedConfiguration}).
 * Each checks its options first, so that a usage error costs a second, not a start.
 */
final class ConnectorVerbs {

    private ConnectorVerbs() {
    }

    static int check(String[] options, PrintStream out, PrintStream err) {
        CommandOptions.parse("check", List.of(options), Set.of(), "check takes settings as --key=value only");
        SpringApplication application = new SpringApplication(CheckContext.class);
        application.setLazyInitialization(true); // each bean made when the check asks for it: its failure is that check's
        return runOnce(application, "check", options, out, err);
    }

    static int status(String[] options, PrintStream out, PrintStream err) {
        ReportOptions.status(List.of(options));
        return runOnce(new SpringApplication(LedgersyncApplication.class), "status", options, out, err);
    }

    static int runs(String[] options, PrintStream out, PrintStream err) {
        ReportOptions.runs(List.of(options));
        return runOnce(new SpringApplication(LedgersyncApplication.class), "runs", options, out, err);
    }

    static int reset(String[] options, PrintStream out, PrintStream err) {
        ResetOptions.preflight(options);
        return runOnce(new SpringApplication(LedgersyncApplication.class), "reset", options, out, err);
    }

    /**
     * Runs a command that ends by itself (sync, schema and the verbs): without a web server, every configuration mistake
     * told at once before any bean ({@link ConfigurationPreflight}), its result on {@code out} through the
     * {@link CommandOutput} bean and its log on standard error, a failed start told in one line.
     */
    static int runOnce(SpringApplication application, String command, String[] options, PrintStream out, PrintStream err) {
        application.setWebApplicationType(WebApplicationType.NONE);
        application.setDefaultProperties(Map.of("ledgersync.command", command));
        application.addListeners(new ConfigurationPreflight()); // every configuration mistake at once, before any bean
        application.addInitializers(context -> context.getBeanFactory().registerSingleton("commandOutput", new CommandOutput(out)));
        ConfigurableApplicationContext context;
        try {
            context = application.run(options);
        } catch (RuntimeException startupFailure) {
            return StartupFailures.report(startupFailure, err).code();
        }
        return SpringApplication.exit(context);
    }

    /**
     * The context of {@code check}: the Data API client (with the embedded sandbox when no base URL is set, as every
     * command has it), the database with Flyway told to apply nothing, and the broker's connection factory. Not a
     * {@code @Configuration}: the application's component scan must not find it.
     */
    @ImportAutoConfiguration({PropertyPlaceholderAutoConfiguration.class, DataSourceAutoConfiguration.class,
            FlywayAutoConfiguration.class, RabbitAutoConfiguration.class})
    @Import({EmbeddedSandboxConfiguration.class, CommandLineCheck.class})
    @ComponentScan(basePackageClasses = DataApiClient.class)
    static class CheckContext {

        /** check reads which migrations the warehouse has; applying them is a start's. */
        @Bean
        FlywayMigrationStrategy applyNoMigration() {
            return flyway -> { };
        }

        /** What a start would say about the same failure. */
        @Bean
        FailureLines startupFailureLines() {
            return failure -> {
                StartupFailures.Told told = StartupFailures.tell(failure);
                return new FailureLines.Line(told.code(), told.line());
            };
        }
    }
}
