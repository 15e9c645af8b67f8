package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ledgersync}, the launcher that makes the hints' {@code ledgersync schema ...} work as written: it runs the
 * packaged jar ({@code target/ledgersync.jar}, which {@code verify} builds before these tests) with {@code JAVA_OPTS},
 * keeps the command's output and exit code, starts it from the fast-start layout beside it ({@code target/cds/}, issue
 * 28) when there is one and says nothing of an archive the JVM cannot use, and without a jar says in one line how to
 * build one; a {@code sync} runs the JIT's first tier only, the long-lived commands both, {@code JAVA_OPTS} last.
 */
class LauncherIntegrationTests {

    private static final Path LAUNCHER = Path.of("bin", "ledgersync").toAbsolutePath();
    private static final Path JAR = Path.of("target", "ledgersync.jar");
    private static final Duration A_COMMAND = Duration.ofMinutes(1);

    @Test
    void givenThePackagedJarWhenAskedForTheVersionThenTheLauncherPrintsItAndExitsZero() throws Exception {
        Result result = run(LAUNCHER, Map.of(), "--version");

        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(result.out().lines()).containsExactly("ledgersync " + LedgersyncApplication.version());
        assertThat(result.err()).isEmpty();
    }

    @Test
    void givenAUsageErrorWhenRunThroughTheLauncherThenItsOneLineAndExitTwoComeThrough() throws Exception {
        Result result = run(LAUNCHER, Map.of(), "schema", "--nope");

        assertThat(result.exit()).as(result.toString()).isEqualTo(2);
        assertThat(result.err().lines()).containsExactly("schema: unknown option --nope: schema takes --rebuild=<data set>, --dbt, "
                + "--out=FILE, --force and settings as --key=value; see --help");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void givenJavaOptsWhenLaunchedThenTheJvmGetsThem() throws Exception {
        Result result = run(LAUNCHER, Map.of("JAVA_OPTS", "-Xmx64m -XX:+NoSuchOptionOfThisTest"), "--version");

        assertThat(result.exit()).as(result.toString()).isNotZero();
        assertThat(result.err()).contains("Unrecognized VM option 'NoSuchOptionOfThisTest'");
    }

    @Test
    void givenTheFastStartLayoutWhenLaunchedThenTheJvmMapsItsClassArchive() throws Exception {
        assertThat(FastStart.madeFrom(JAR)).as("package made target/cds/ from target/ledgersync.jar").isTrue();

        // the JVM's own account of its class data sharing, on standard error where it cannot mix with the result
        Result result = run(LAUNCHER, Map.of("JAVA_OPTS", "-Xlog:cds=info:stderr"), "--version");

        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(result.out().lines()).containsExactly("ledgersync " + LedgersyncApplication.version());
        assertThat(result.err()).as(result.toString()).contains("Mapped dynamic region");
    }

    @Test
    void givenTheSyncCommandWhenLaunchedThenItsJvmCompilesWithTheFirstJitTierOnly() throws Exception {
        // the JVM prints its flags' final values on standard output before the command runs
        Result result = run(LAUNCHER, Map.of("JAVA_OPTS", "-XX:+PrintFlagsFinal"), "sync", "--help");

        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(tieredStopAtLevel(result)).isEqualTo("1");
    }

    @Test
    void givenALongLivedCommandWhenLaunchedThenItsJvmKeepsBothJitTiers() throws Exception {
        Result result = run(LAUNCHER, Map.of("JAVA_OPTS", "-XX:+PrintFlagsFinal"), "serve", "--help");

        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(tieredStopAtLevel(result)).isEqualTo("4");
    }

    @Test
    void givenJavaOptsAskingForBothJitTiersWhenASyncIsLaunchedThenTheyWin() throws Exception {
        Result result = run(LAUNCHER, Map.of("JAVA_OPTS", "-XX:+PrintFlagsFinal -XX:TieredStopAtLevel=4"), "sync", "--help");

        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(tieredStopAtLevel(result)).isEqualTo("4");
    }

    /** The value of -XX:TieredStopAtLevel in -XX:+PrintFlagsFinal's table: "intx TieredStopAtLevel = 1 {product} ...". */
    private static String tieredStopAtLevel(Result result) {
        return result.out().lines().map(String::trim).filter(line -> line.startsWith("intx TieredStopAtLevel "))
                .map(line -> line.split("\\s+")[3]).findFirst().orElseThrow(() -> new AssertionError(result.toString()));
    }

    @Test
    void givenAnArchiveTheJvmCannotUseWhenLaunchedThenTheCommandStartsAsEverAndSaysNothingOfIt(@TempDir Path installed)
            throws Exception {
        // an installed layout (as /app in the Docker image) whose archive is not one: another JVM's, a broken copy
        Path launcher = Files.createDirectories(installed.resolve("bin")).resolve("ledgersync");
        Files.copy(LAUNCHER, launcher, StandardCopyOption.COPY_ATTRIBUTES);
        Files.createSymbolicLink(installed.resolve("ledgersync.jar"), JAR.toAbsolutePath());
        Path cds = Files.createDirectories(installed.resolve("cds"));
        Files.createSymbolicLink(cds.resolve("ledgersync.jar"), JAR.resolveSibling("cds").resolve("ledgersync.jar").toAbsolutePath());
        Files.createSymbolicLink(cds.resolve("lib"), JAR.resolveSibling("cds").resolve("lib").toAbsolutePath());
        Files.writeString(cds.resolve("ledgersync.jsa"), "not a class data sharing archive");

        Result result = run(launcher, Map.of(), "--version");

        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(result.out().lines()).containsExactly("ledgersync " + LedgersyncApplication.version());
        assertThat(result.err()).isEmpty();
    }

    @Test
    void givenNoJarBesideItWhenRunThenItSaysInOneLineHowToBuildOneAndExitsTwo(@TempDir Path installed) throws Exception {
        Path launcher = Files.createDirectories(installed.resolve("bin")).resolve("ledgersync");
        Files.copy(LAUNCHER, launcher, StandardCopyOption.COPY_ATTRIBUTES);

        Result result = run(launcher, Map.of(), "--version");

        assertThat(result.exit()).as(result.toString()).isEqualTo(2);
        assertThat(result.err().lines()).singleElement().asString().startsWith("ledgersync: no ledgersync.jar beside ")
                .endsWith("build it with './mvnw -B -ntp package -DskipTests' in the repository, which writes target/ledgersync.jar");
        assertThat(result.out()).isEmpty();
    }

    private record Result(int exit, String out, String err) {
    }

    private static Result run(Path launcher, Map<String, String> environment, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(arguments));
        Path out = Files.createTempFile("launcher", ".out");
        Path err = Files.createTempFile("launcher", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        // what would change what the JVM prints or does: see LedgersyncJvm
        builder.environment().keySet().removeIf(variable -> variable.startsWith("LEDGERSYNC_") || variable.startsWith("SPRING_")
                || variable.equals("JAVA_TOOL_OPTIONS") || variable.endsWith("_JAVA_OPTIONS") || variable.equals("JAVA_OPTS"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        await().atMost(A_COMMAND).pollInterval(Duration.ofMillis(50)).until(() -> !process.isAlive());
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
