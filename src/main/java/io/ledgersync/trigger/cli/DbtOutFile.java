package io.ledgersync.trigger.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;

/**
 * The file {@code schema --dbt} writes ({@code --out}), and what it refuses to write: a file inside the H2 warehouse's
 * folder ({@code --out=data/warehouse.mv.db} once overwrote the live warehouse), an existing file without
 * {@code --force}, a symbolic link (it could point anywhere), a directory, a read-only file. Each refusal is a
 * {@link UsageException}: exit 2 and one line that names the file and the way out. The one home of these rules.
 */
final class DbtOutFile {

    private DbtOutFile() {
    }

    /**
     * @param warehouse the folder of the H2 file warehouse, when the warehouse is one
     * @throws UsageException for a file that must not be written
     */
    static void check(Path out, boolean force, Optional<Path> warehouse) {
        String named = "schema: --out=" + out;
        Path absolute = realAsFarAsItExists(out.toAbsolutePath().normalize());
        warehouse.map(DbtOutFile::realAsFarAsItExists).filter(absolute::startsWith).ifPresent(folder -> {
            throw new UsageException(named + " is inside the warehouse's folder " + folder + ", whose files are the"
                    + " live database: name a file elsewhere, e.g. --out=models/sources.yml");
        });
        if (Files.isSymbolicLink(out)) {
            throw new UsageException(named + " is a symbolic link: name the file itself (a link could point anywhere)");
        }
        if (Files.isDirectory(out)) {
            throw new UsageException(named + " is a directory: name a file, e.g. --out=" + out.resolve("sources.yml"));
        }
        if (!Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!force) {
            throw new UsageException(named + " exists: add --force to overwrite it, or name another file");
        }
        if (readOnly(out)) {
            throw new UsageException(named + " is read-only: make it writable (chmod u+w) or name another file");
        }
    }

    /**
     * Writes {@code text} to {@code out}, never through a link and, without {@code force}, never over a file that
     * appeared since the check.
     */
    static void write(Path out, boolean force, String text) throws IOException {
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        OpenOption[] options = force
                ? new OpenOption[] {StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS}
                : new OpenOption[] {StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE};
        Files.writeString(out, text, options);
    }

    /** Root may write a 0444 file; a read-only mode is still the owner's word that it must not change. */
    private static boolean readOnly(Path file) {
        try {
            return !Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS).contains(PosixFilePermission.OWNER_WRITE);
        } catch (UnsupportedOperationException | IOException notPosix) {
            return !Files.isWritable(file);
        }
    }

    /** The path with its longest existing part resolved through links, so that a linked folder is seen for what it is. */
    private static Path realAsFarAsItExists(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(absolute));
        } catch (IOException unreadable) {
            return absolute;
        }
    }
}
