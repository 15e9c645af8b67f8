package io.ledgersync.trigger.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A generated password is kept beside an H2 file warehouse, owner-only, so that a restart of the same ./data keeps it. */
class GeneratedPasswordTests {

    @TempDir
    Path data;

    @Test
    void givenTheDefaultH2FileWarehouseWhenAFileIsChosenThenItIsBesideTheDatabase() {
        assertThat(GeneratedPassword.fileFor("jdbc:h2:file:./data/warehouse;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE"))
                .contains(Path.of("data", "api-password").toAbsolutePath());
        assertThat(GeneratedPassword.fileFor("jdbc:h2:file:" + data.resolve("warehouse")))
                .contains(data.resolve("api-password"));
    }

    @Test
    void givenADatabaseWithoutADirectoryHereWhenAFileIsChosenThenThereIsNone() {
        assertThat(GeneratedPassword.fileFor("jdbc:postgresql://127.0.0.1:5432/ledgersync")).isEmpty();
        assertThat(GeneratedPassword.fileFor("jdbc:h2:mem:test;DB_CLOSE_DELAY=-1")).isEmpty();
        assertThat(GeneratedPassword.fileFor(null)).isEmpty();
    }

    @Test
    void givenNoKeptPasswordWhenObtainedThenOneIsGeneratedAndKeptReadableByItsOwnerOnly() throws IOException {
        Path file = data.resolve("api-password");

        GeneratedPassword.Generated generated = GeneratedPassword.obtain(Optional.of(file));

        assertThat(generated.password()).hasSizeGreaterThanOrEqualTo(32);
        assertThat(generated.keptIn()).isEqualTo(file);
        assertThat(Files.readString(file).strip()).isEqualTo(generated.password());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void givenAKeptPasswordWhenObtainedAgainThenItIsTheSame() {
        Path file = data.resolve("api-password");
        String first = GeneratedPassword.obtain(Optional.of(file)).password();

        assertThat(GeneratedPassword.obtain(Optional.of(file)).password()).isEqualTo(first);
    }

    @Test
    void givenAKeptFileOthersCanReadWhenObtainedThenItIsMadeOwnerOnly() throws IOException {
        Path file = data.resolve("api-password");
        Files.writeString(file, "chosen-by-hand\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(GeneratedPassword.obtain(Optional.of(file)).password()).isEqualTo("chosen-by-hand");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    void givenNoFileWhenObtainedThenEachPasswordIsNewAndKeptNowhere() {
        GeneratedPassword.Generated first = GeneratedPassword.obtain(Optional.empty());

        assertThat(first.keptIn()).isNull();
        assertThat(GeneratedPassword.obtain(Optional.empty()).password()).isNotEqualTo(first.password());
    }
}
