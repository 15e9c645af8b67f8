package io.ledgersync.warehouse.lock;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells a start that failed because another process has the H2 warehouse open from any other
 * failure. H2 opens a file database in one process at a time and refuses the next with error 90020
 * ("database may be already in use"); that is a second ledgersync, not a broken database, and the
 * person at the terminal should read so in one line instead of a stack trace. Thread-safe (stateless).
 */
public final class WarehouseInUse {

    /** H2's ErrorCode.DATABASE_ALREADY_OPEN_1; H2 is not a compile-time dependency. */
    static final int H2_DATABASE_ALREADY_OPEN = 90020;

    private static final Pattern FILE = Pattern.compile("\"([^\"]+?)(\\.mv\\.db)?\"");

    private WarehouseInUse() {
    }

    /** The one line to print when {@code startupFailure} is H2's "already in use"; empty for any other failure. */
    public static Optional<String> message(Throwable startupFailure) {
        for (Throwable cause = startupFailure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getErrorCode() == H2_DATABASE_ALREADY_OPEN) {
                return Optional.of("Another ledgersync process has the H2 warehouse " + file(sql.getMessage())
                        + " open (a sync or serve is running): wait for it to end, or use PostgreSQL to run several instances");
            }
        }
        return Optional.empty();
    }

    /** The database file H2 names, as the user wrote it (relative to the working directory when it is under it). */
    private static String file(String h2Message) {
        Matcher quoted = FILE.matcher(h2Message == null ? "" : h2Message);
        if (!quoted.find()) {
            return "(see LEDGERSYNC_DB_URL)";
        }
        Path file = Path.of(quoted.group(1)).toAbsolutePath().normalize();
        Path workingDirectory = Path.of("").toAbsolutePath();
        return file.startsWith(workingDirectory) ? "./" + workingDirectory.relativize(file) : file.toString();
    }
}
