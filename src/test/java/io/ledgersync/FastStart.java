package io.ledgersync;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The fast-start layout that {@code bin/ledgersync-cds} makes beside the packaged jar at package time (issue 28): the
 * jar extracted into {@code cds/} with a class data sharing archive from a training run. The test JVMs of
 * {@link LedgersyncJvm} start from it as {@code bin/ledgersync} does, with the same rule and the same options: used
 * when its archive is newer than the jar (made from this build), the JVM silent about an archive it cannot use.
 */
final class FastStart {

    private FastStart() {
    }

    static Path archive(Path jar) {
        return jar.resolveSibling("cds").resolve("ledgersync.jsa");
    }

    /** Whether the layout beside {@code jar} was made from it (its archive written after the jar). */
    static boolean madeFrom(Path jar) {
        Path archive = archive(jar);
        try {
            return Files.exists(jar) && Files.exists(archive)
                    && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JVM's options and {@code -jar}, as bin/ledgersync gives them. */
    static List<String> javaArguments(Path jar) {
        return List.of("-XX:SharedArchiveFile=" + archive(jar), "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                "-jar", jar.resolveSibling("cds").resolve("ledgersync.jar").toString());
    }
}
