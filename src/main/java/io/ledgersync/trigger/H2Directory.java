package io.ledgersync.trigger;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The folder of an H2 file warehouse ({@code jdbc:h2:file:./data/warehouse;...} lives in {@code ./data}): where the
 * generated API password is kept, and where {@code schema --dbt --out} never writes. The one reading of such a URL
 * for the triggers. Stateless.
 */
public final class H2Directory {

    private static final String H2_FILE = "jdbc:h2:file:";

    private H2Directory() {
    }

    /** The absolute, normalized folder; empty for any other URL (PostgreSQL, H2 in memory or over TCP). */
    public static Optional<Path> of(String datasourceUrl) {
        if (datasourceUrl == null || !datasourceUrl.startsWith(H2_FILE)) {
            return Optional.empty();
        }
        String database = datasourceUrl.substring(H2_FILE.length()).split(";", 2)[0];
        if (database.startsWith("~")) { // H2 reads ~ as the user's home
            database = System.getProperty("user.home") + database.substring(1);
        }
        return Optional.ofNullable(Path.of(database).toAbsolutePath().normalize().getParent());
    }
}
