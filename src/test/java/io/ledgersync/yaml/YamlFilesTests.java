package io.ledgersync.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Typed YAML with errors that name the file, the line and the field, whatever went wrong. */
class YamlFilesTests {

    record Settings(@Min(1) Integer size, String name, List<@Valid Item> items, Map<String, @Valid Column> columns,
            @Valid Trigger trigger) {
    }

    record Item(@NotNull String id, @DecimalMin("0") @DecimalMax("1") Double probability, @Valid Limit limit) {
    }

    record Limit(@Min(1) int requestsPerSecond) {
    }

    record Column(@NotNull String type) {
    }

    @ExactlyOneOf({"next", "probability"})
    record Trigger(Integer next, Double probability) {
    }

    record Checked(int port) {
        Checked {
            if (port > 65_535) {
                throw new IllegalArgumentException("port must be at most 65535, was " + port);
            }
        }
    }

    @Test
    void readsNestedRecordsListsAndMaps() {
        Settings settings = read("""
                size: 3
                name: three
                items:
                  - { id: a, probability: 0.5, limit: { requestsPerSecond: 2 } }
                  - id: b
                columns:
                  id: { type: text }
                """);

        assertThat(settings.size()).isEqualTo(3);
        assertThat(settings.items()).extracting(Item::id).containsExactly("a", "b");
        assertThat(settings.items().get(0).limit().requestsPerSecond()).isEqualTo(2);
        assertThat(settings.columns().get("id").type()).isEqualTo("text");
    }

    @Test
    void fileWithOnlyCommentsReadsAsAnEmptyMapping() {
        assertThat(read("# nothing yet\n")).isEqualTo(new Settings(null, null, null, null, null));
        assertThat(read("")).isEqualTo(new Settings(null, null, null, null, null));
    }

    @Test
    void unknownKeyIsRefusedNamingTheKeyTheLineAndTheField() {
        assertInvalid("""
                items:
                  - id: a
                    colour: red
                """, 3, "items[0].colour", "unknown key 'colour'; expected one of [id, limit, probability]");
    }

    @Test
    void wrongTypeNamesTheTypeWanted() {
        assertInvalid("name: x\nsize: lots\n", 2, "size", "must be a whole number, was 'lots'");
        assertInvalid("size: 1.5\n", 1, "size", "must be a whole number, was '1.5'");
        assertInvalid("items: { id: a }\n", 1, "items", "must be a list");
    }

    @Test
    void quotedNumberIsTextNotANumber() {
        assertInvalid("size: \"5\"\n", 1, "size", "must be a whole number, was '5'");
    }

    @Test
    void missingRequiredFieldIsReportedAtTheMappingThatLacksIt() {
        assertInvalid("""
                size: 1
                items:
                  - probability: 0.5
                """, 3, "items[0].id", "is required");
    }

    @Test
    void constraintViolationNamesTheFileLineAndField() {
        assertInvalid("""
                items:
                  - id: a
                  - id: b
                    limit: { requestsPerSecond: 0 }
                """, 4, "items[1].limit.requestsPerSecond", "must be at least 1");
        assertInvalid("items: [ { id: a, probability: 1.5 } ]\n", 1, "items[0].probability", "must be at most 1");
        assertInvalid("columns:\n  id: { }\n", 2, "columns.id.type", "is required");
    }

    @Test
    void theFirstErrorInTheFileIsTheOneReported() {
        assertInvalid("""
                size: 0
                items:
                  - { id: a, probability: 2 }
                """, 1, "size", "must be at least 1");
    }

    @Test
    void syntaxErrorNamesTheLineAndTheFieldItIsIn() {
        InvalidYamlException invalid = invalid("""
                size: 1
                items:
                  - id: a
                    limit: { requestsPerSecond: 1
                name: x
                """);

        // the parser finds the unclosed mapping where the next key starts
        assertThat(invalid.line()).isEqualTo(5);
        assertThat(invalid.field()).startsWith("items[0].limit");
        assertThat(invalid.getMessage()).startsWith("settings.yml line 5, items[0].limit")
                .contains(": not valid YAML: expected ',' or '}'");
    }

    @Test
    void keyGivenTwiceIsRefused() {
        assertThat(invalid("size: 1\nname: a\nsize: 2\n")).hasMessage("settings.yml line 3, size: given twice");
    }

    @Test
    void exactlyOneOfAlternativeKeys() {
        assertThat(read("trigger: { next: 2 }\n").trigger().next()).isEqualTo(2);
        assertInvalid("trigger: { next: 2, probability: 0.5 }\n", 1, "trigger",
                "must have exactly one of [next, probability], has [next, probability]");
        assertInvalid("trigger: { }\n", 1, "trigger", "must have exactly one of [next, probability], has none");
    }

    @Test
    void recordConstructorRefusalKeepsItsMessage() {
        assertThatThrownBy(() -> YamlFiles.read(new StringReader("port: 70000\n"), "checked.yml", Checked.class))
                .hasMessage("checked.yml line 1: port must be at most 65535, was 70000");
    }

    @Test
    void messagesAreEnglishWhateverTheLocale() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertInvalid("size: 0\n", 1, "size", "must be at least 1");
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void aFileIsNamedByThePathAsGiven(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(directory.resolve("x.yml"), "size: 1\nitems:\n  - { id: a }\n  - { }\n");

        assertThatThrownBy(() -> YamlFiles.read(file, Settings.class))
                .isInstanceOf(InvalidYamlException.class)
                .hasMessage(file + " line 4, items[1].id: is required");
        assertThatThrownBy(() -> YamlFiles.read(directory.resolve("missing.yml"), Settings.class))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("missing.yml");
    }

    @Test
    void aCheckMadeAfterReadingReportsInTheSameForm() {
        YamlDocument<Settings> document = YamlFiles.open(new StringReader("""
                size: 2
                items:
                  - id: a
                  - id: b
                """), "settings.yml", Settings.class);

        InvalidYamlException invalid = document.invalid("items[1].id", "no item b in the catalogue");

        assertThat(invalid).hasMessage("settings.yml line 4, items[1].id: no item b in the catalogue");
        // a field the file does not write is placed at the mapping that would hold it
        assertThat(document.invalid("items[1].limit", "needed").line()).isEqualTo(4);
        assertThat(document.invalid("trigger", "needed").line()).isEqualTo(1);
    }

    private static Settings read(String yaml) {
        return YamlFiles.read(new StringReader(yaml), "settings.yml", Settings.class);
    }

    private static InvalidYamlException invalid(String yaml) {
        try {
            read(yaml);
        } catch (InvalidYamlException e) {
            return e;
        }
        throw new AssertionError("read without error: " + yaml);
    }

    private static void assertInvalid(String yaml, int line, String field, String problem) {
        InvalidYamlException invalid = invalid(yaml);
        assertThat(invalid.getMessage()).isEqualTo("settings.yml line " + line + ", " + field + ": " + problem);
        assertThat(invalid.line()).isEqualTo(line);
        assertThat(invalid.field()).isEqualTo(field);
        assertThat(invalid.problem()).isEqualTo(problem);
    }
}
