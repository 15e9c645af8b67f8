package io.ledgersync.trigger.cli;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

import io.ledgersync.sync.dataset.DataSetCatalog;
import io.ledgersync.sync.dataset.DataSetFilesException;
import io.ledgersync.trigger.RequiredSettings;

/**
 * The check of the configuration once Spring Boot has read it (config files, profiles, environment, --key=value) and
 * before it makes a single bean: the data set files load ({@link DataSetCatalog#load}), the data sets that
 * {@code sync --datasets} and {@code schema --rebuild} name exist, and the command has the settings it needs
 * ({@link RequiredSettings}). Every mistake is found, not only the first, and told one line each
 * ({@link ConfigurationMistakes}, exit 2) some three seconds into the start (Boot reading its configuration, the files'
 * validation) instead of nine, when the context would have failed on the first of them. The command is {@code ledgersync.command}; add it to every command that starts the
 * application. Stateless.
 */
public final class ConfigurationPreflight implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

    static final String COMMAND = "ledgersync.command";
    static final String DATASETS = "ledgersync.sync.datasets";
    static final String REBUILD = "ledgersync.schema.rebuild";

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        List<String> mistakes = mistakes(event.getEnvironment(), event.getArgs());
        if (!mistakes.isEmpty()) {
            throw new ConfigurationMistakes(mistakes);
        }
    }

    /** Every mistake of the configuration for the command the environment names, one line each; empty when none. */
    static List<String> mistakes(Environment environment, String[] args) {
        String command = environment.getProperty(COMMAND, "serve");
        List<String> mistakes = new ArrayList<>();
        try {
            DataSetCatalog catalog = DataSetCatalog.load(environment.getProperty(DATASETS, ""));
            String rebuild = environment.getProperty(REBUILD, "");
            if (!rebuild.isBlank() && !askedOnTheCommandLine(command, args, rebuild)) {
                mistakes.add(REBUILD + " is '" + rebuild + "' in the environment or a config file (LEDGERSYNC_SCHEMA_REBUILD?),"
                        + " which would rebuild at every start of every command: unset it; only 'ledgersync schema --rebuild="
                        + rebuild + "' asks for a rebuild");
            } else if (!rebuild.isBlank()) {
                told(() -> SchemaOptions.rebuildable(rebuild, () -> catalog.get(rebuild)), mistakes);
            }
            if (command.equals("sync")) {
                told(() -> SyncOptions.parse(List.of(args)).check(catalog::check), mistakes);
            }
        } catch (DataSetFilesException files) {
            mistakes.addAll(files.problems());
        }
        mistakes.addAll(RequiredSettings.missing(command, environment));
        return mistakes;
    }

    /**
     * Whether this start's own command line asks for the rebuild: a rebuild replaces tables, so that a setting left in
     * the environment or a config file must not repeat it at every start (issue 25).
     */
    private static boolean askedOnTheCommandLine(String command, String[] args, String rebuild) {
        List<String> given = List.of(args);
        return command.equals("schema") && (given.contains("--" + SchemaOptions.REBUILD + "=" + rebuild)
                || given.contains("--" + REBUILD + "=" + rebuild));
    }

    /** A usage error of the command's options that only the loaded files reveal: one mistake among the others. */
    private static void told(Runnable check, List<String> mistakes) {
        try {
            check.run();
        } catch (UsageException refused) {
            mistakes.add(refused.getMessage());
        }
    }

    /**
     * After Boot's own listeners: the config files are read, the profiles active, and logging set up. Not before the
     * logging (which would save a refused start about a second): Boot would then report the refusal with its own
     * "Application run failed" and trace, which config/application.yml silences only once logging is set up.
     */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
