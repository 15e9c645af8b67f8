package io.ledgersync.trigger.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.ledgersync.trigger.H2Directory;

/**
 * The password of the REST API user when none is configured (never in the prod profile). With an H2 file warehouse
 * (the default {@code ./data/warehouse}) it is generated once and kept beside the database in {@value #FILE_NAME},
 * readable by its owner only, so that a restart of the same {@code ./data} keeps the password a developer exported and
 * the README's {@code curl} goes on working. That file is as private as the warehouse beside it, which holds the data
 * the password protects. Any other database (PostgreSQL, H2 in memory) has no directory of its own here: a password
 * is generated anew at each start, as is one where the file system has no POSIX permissions to keep the file private.
 * Not thread-safe: called once at start.
 */
final class GeneratedPassword {

    static final String FILE_NAME = "api-password";

    private static final Logger log = LoggerFactory.getLogger(GeneratedPassword.class);
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    /** The password, and the file that keeps it for the next starts (null when none does). */
    record Generated(String password, Path keptIn) {
    }

    private GeneratedPassword() {
    }

    /** The file beside an H2 file database ({@code jdbc:h2:file:./data/warehouse;...} keeps it in {@code ./data}). */
    static Optional<Path> fileFor(String datasourceUrl) {
        return H2Directory.of(datasourceUrl).map(directory -> directory.resolve(FILE_NAME));
    }

    /** Reads the kept password from {@code file}, or generates one and keeps it there; without a file, a new one. */
    static Generated obtain(Optional<Path> file) {
        if (file.isEmpty()) {
            return new Generated(newPassword(), null);
        }
        try {
            return new Generated(readOrCreate(file.get()), file.get());
        } catch (IOException | UnsupportedOperationException e) {
            log.warn("Cannot keep the generated REST API password in {} ({}): it is new at each start; set"
                    + " LEDGERSYNC_ADMIN_PASSWORD to choose one", file.get(), e.toString());
            return new Generated(newPassword(), null);
        }
    }

    private static String readOrCreate(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        String password = newPassword();
        try {
            // created owner-only, atomically: never readable by others, not even for a moment
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            Files.writeString(file, password + "\n", StandardCharsets.UTF_8);
            return password;
        } catch (FileAlreadyExistsException kept) {
            if (!Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
                log.warn("{} was readable by others: made readable by its owner only", file);
                Files.setPosixFilePermissions(file, OWNER_ONLY);
            }
            String stored = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (stored.isEmpty()) {
                Files.writeString(file, password + "\n", StandardCharsets.UTF_8);
                return password;
            }
            return stored;
        }
    }

    private static String newPassword() {
        return UUID.randomUUID().toString();
    }
}
