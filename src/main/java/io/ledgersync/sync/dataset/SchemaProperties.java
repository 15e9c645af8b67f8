package io.ledgersync.sync.dataset;

import java.util.Objects;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How data-set tables follow their files ({@code ledgersync.schema.*}); every default is in
 * {@code config/application.yml}.
 *
 * @param batchSize how many stored rows a fill from raw (a new column, a rebuild) reads and writes per transaction
 * @param rebuild the data set whose tables the start rebuilds from raw ({@code schema --rebuild=<data set>} sets it);
 *     empty for none
 */
@ConfigurationProperties("ledgersync.schema")
public record SchemaProperties(int batchSize, String rebuild) {

    public SchemaProperties {
        Objects.requireNonNull(rebuild, "ledgersync.schema.rebuild is not set");
        if (batchSize < 1 || batchSize > 100_000) {
            throw new IllegalArgumentException("ledgersync.schema.batch-size is " + batchSize + ": use 1 to 100000");
        }
    }
}
