package io.ledgersync.trigger.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import io.ledgersync.sync.dataset.TableMap;

/**
 * The {@code schema} command, once the start has brought every data set's tables in line with its file (and rebuilt
 * the one {@code --rebuild} names): prints the tables and columns with their source fields, or writes them as a dbt
 * {@code sources.yml} ({@code --dbt}), or says what the rebuild did: on standard output, the log on standard error
 * ({@link CommandOutput}). Its options are {@link SchemaOptions}'.
 */
@Component
@ConditionalOnProperty(name = "ledgersync.command", havingValue = "schema")
class CommandLineSchema implements ApplicationRunner, ExitCodeGenerator {

    /** The database schema the warehouse's tables are in, on both databases (H2 in PostgreSQL mode, PostgreSQL). */
    private static final String DATABASE_SCHEMA = "public";

    private final TableMap tables;
    private final CommandOutput output;
    private final Environment environment;
    private ExitCode exitCode = ExitCode.FAILED;

    CommandLineSchema(TableMap tables, CommandOutput output, Environment environment) {
        this.tables = tables;
        this.output = output;
        this.environment = environment;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        SchemaOptions options = SchemaOptions.parse(List.of(arguments.getSourceArgs()).stream()
                .filter(arg -> !arg.startsWith("--ledgersync.schema.rebuild=")).toList());
        if (options.rebuild().isPresent()) {
            String name = options.rebuild().get();
            output.println("Data set " + name + ": " + tables.lastChange(name).orElse("nothing to rebuild"));
        } else if (options.dbt()) {
            Path out = options.out();
            try {
                // again with the URL the application really uses: the preflight cannot always tell it
                options.checkOut(environment.getProperty(SchemaOptions.DATASOURCE_URL));
                DbtOutFile.write(out, options.force(), tables.dbtSources(DATABASE_SCHEMA));
            } catch (UsageException refused) {
                System.err.println(refused.getMessage());
                exitCode = ExitCode.USAGE;
                return;
            } catch (IOException e) {
                System.err.println("schema: cannot write " + out + " (" + e.getMessage() + "): name a writable file with --out");
                exitCode = ExitCode.USAGE;
                return;
            }
            output.println("Wrote the dbt sources of " + tables.size() + " tables to " + out);
        } else {
            output.print(tables.text());
        }
        exitCode = ExitCode.COMPLETED;
    }

    @Override
    public int getExitCode() {
        return exitCode.code();
    }
}
