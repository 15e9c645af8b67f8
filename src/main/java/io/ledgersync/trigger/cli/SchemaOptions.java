package io.ledgersync.trigger.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.dataset.DataSetNames;
import io.ledgersync.trigger.H2Directory;

/**
 * The options of {@code schema}: none (print every table and column with its source field), {@code --dbt} (write a
 * dbt {@code sources.yml}, {@code --out=FILE} elsewhere than {@code ./sources.yml}, {@code --force} over an existing
 * file: {@link DbtOutFile}), {@code --rebuild=<data set>}
 * (rebuild that data set's tables from the stored raw records). Immutable.
 */
public record SchemaOptions(Optional<String> rebuild, boolean dbt, Path out, boolean force) {

    static final String REBUILD = "rebuild";
    static final String DBT = "dbt";
    static final String OUT = "out";
    static final String FORCE = "force";
    static final String DATASOURCE_URL = "spring.datasource.url";
    private static final String USAGE = "schema takes --rebuild=<data set>, --dbt, --out=FILE, --force and settings as"
            + " --key=value";

    /**
     * @throws UsageException for an unknown option, an option without its value or given twice, several data sets to
     *     rebuild, or --out or --force without --dbt
     */
    public static SchemaOptions parse(List<String> args) {
        CommandOptions options = CommandOptions.parse("schema", args, Set.of(REBUILD, DBT, OUT, FORCE), USAGE);
        Optional<String> rebuild = options.one(REBUILD, "invoices");
        if (rebuild.filter(name -> name.contains(",")).isPresent()) {
            throw new UsageException("schema: --rebuild=" + rebuild.get() + " names more than one data set: rebuild one at a"
                    + " time, e.g. --rebuild=invoices");
        }
        boolean dbt = options.flag(DBT);
        Optional<String> out = options.value(OUT, "models/sources.yml");
        if (out.isPresent() && !dbt) {
            throw new UsageException("schema: --out names where --dbt writes: add --dbt");
        }
        boolean force = options.flag(FORCE);
        if (force && !dbt) {
            throw new UsageException("schema: --force lets --dbt overwrite its file: add --dbt");
        }
        return new SchemaOptions(rebuild, dbt, Path.of(out.orElse("sources.yml")), force);
    }

    /**
     * Parses the options, then checks the data set that {@code --rebuild} names against the data set files, read as
     * {@link SyncOptions#preflight} reads them, without starting the application: a wrong name costs a second. When
     * that cannot be told here, the start's check ({@link ConfigurationPreflight}) tells it.
     *
     * Likewise the file {@code --dbt} writes ({@link DbtOutFile}), with the warehouse's folder when the settings tell it.
     *
     * @throws UsageException for a wrong option, a data set no file declares, or a file that must not be written
     */
    public static SchemaOptions preflight(String[] args) {
        SchemaOptions options = parse(List.of(args));
        if (options.dbt()) {
            options.checkOut(ConfiguredSetting.of(DATASOURCE_URL, args, System.getenv()).orElse(null));
        }
        options.rebuild().ifPresent(name -> ConfiguredSetting.of(ConfigurationPreflight.DATASETS, args, System.getenv())
                .flatMap(DataSetNames::read).ifPresent(names -> rebuildable(name, () -> names.check(SyncRequest.of(name, null)))));
        return options;
    }

    /**
     * Runs a check of the data set {@code --rebuild} names; the one home of how its refusal reads.
     *
     * @throws UsageException when the check refuses it ({@link IllegalArgumentException}: no file declares it)
     */
    static void rebuildable(String name, Runnable check) {
        try {
            check.run();
        } catch (IllegalArgumentException unknown) {
            throw new UsageException("schema: --" + REBUILD + "=" + name + ": " + unknown.getMessage());
        }
    }

    /**
     * Checks the file {@code --dbt} writes against the warehouse's URL, the setting the application was started with.
     *
     * @throws UsageException for a file that must not be written ({@link DbtOutFile})
     */
    void checkOut(String datasourceUrl) {
        DbtOutFile.check(out, force, H2Directory.of(datasourceUrl));
    }

    /** The settings that make the start rebuild, for the application's arguments. */
    public List<String> settings() {
        return rebuild.map(name -> List.of("--ledgersync.schema.rebuild=" + name)).orElse(List.of());
    }
}
