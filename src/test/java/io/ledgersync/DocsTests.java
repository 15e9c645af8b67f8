package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.ledgersync.trigger.cli.ExitCode;

/**
 * The README and docs/ tell the truth about the repository (issue 24): their links, cited files, classes and
 * settings exist, and their examples are what the code prints. The first run's output is checked by
 * FirstRunIntegrationTests, which needs a running service.
 */
class DocsTests {

    static final String HELP_MARKER = "<!-- output of: java -jar target/ledgersync.jar --help -->";
    static final String FIRST_RUN_MARKER = "<!-- output of: LEDGERSYNC_ADMIN_PASSWORD=dev ./mvnw spring-boot:run -->";

    private final DocsCheck check = new DocsCheck(Path.of(""));
    private final List<MarkdownFile> docs = check.files();

    @Test
    void everyRelativeLinkLeadsToAFileAndHeadingThatExist() {
        assertThat(check.brokenLinks(docs)).isEmpty();
    }

    @Test
    void everyCitedRepositoryFileOrFolderExists() {
        assertThat(check.missingPaths(docs)).isEmpty();
    }

    @Test
    void everyCitedTestClassAndClassOfOursExistsUnderSrc() {
        assertThat(check.missingClasses(docs)).isEmpty();
    }

    @Test
    void everyQuotedSettingIsInTheConfigurationFile() {
        assertThat(check.unknownSettings(docs)).isEmpty();
    }

    @Test
    void theIndexOfDocsLinksEveryFileOfDocs() {
        String index = String.join("\n", file("docs/README.md").lines());

        assertThat(docs.stream().map(MarkdownFile::path).filter(path -> path.startsWith("docs"))
                .map(path -> path.getFileName().toString()).filter(name -> !name.equals("README.md")))
                .as("docs/*.md not linked from docs/README.md").allMatch(name -> index.contains("](" + name + ")"));
    }

    @Test
    void theHelpBlockIsWhatHelpPrints() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = LedgersyncApplication.run(new String[] {"--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        assertThat(exit).isZero();
        MarkdownFile.Block block = file("docs/command-line.md").blockAfter(HELP_MARKER).orElseThrow();
        assertThat(String.join("\n", block.lines())).as("%s: the --help block, as --help prints it", block.where())
                .isEqualTo(out.toString(StandardCharsets.UTF_8).stripTrailing().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void theExitCodeTableHasEveryCodeOfExitCodeInOrder() {
        List<String> table = file("docs/command-line.md").lines().stream().dropWhile(line -> !line.equals("| code | meaning |"))
                .skip(2).takeWhile(line -> line.startsWith("|")).map(line -> line.split("\\|")[1].strip()).toList();

        assertThat(table).as("docs/command-line.md, the table | code | meaning |")
                .isEqualTo(Arrays.stream(ExitCode.values()).map(code -> String.valueOf(code.code())).toList());
    }

    @Test
    void everyOutputBlockHasATestThatComparesItWithTheRealOutput() {
        Set<String> markers = docs.stream().flatMap(file -> file.outputMarkers().stream())
                .map(line -> line.text().strip()).collect(Collectors.toSet());

        assertThat(markers).as("markers of example output; each needs a test that produces that output")
                .containsExactlyInAnyOrder(HELP_MARKER, FIRST_RUN_MARKER);
        assertThat(file("README.md").blockAfter(FIRST_RUN_MARKER)).isPresent();
    }

    @Test
    void givenABrokenLinkAndAnchorWhenCheckedThenEachIsNamedWithFileAndLine(@TempDir Path repo) throws IOException {
        write(repo, "README.md", "# Title\n\nSee [the docs](docs/a.md#usage) and [b](docs/missing.md).\n");
        write(repo, "docs/a.md", "# A\n\n## The usage\n\n[back](../README.md#title), [code](`x`), `[not a link](nowhere.md)`\n");

        DocsCheck broken = new DocsCheck(repo);

        assertThat(broken.brokenLinks(broken.files())).containsExactly(
                repo.resolve("README.md") + ":3: link to docs/a.md#usage: docs/a.md has no heading with that anchor",
                repo.resolve("README.md") + ":3: link to docs/missing.md: no such file docs/missing.md");
    }

    @Test
    void givenCitedPathsClassesAndSettingsThatDoNotExistWhenCheckedThenEachIsNamed(@TempDir Path repo) throws IOException {
        write(repo, "config/application.yml", "ledgersync:\n  api:\n    page-size: 1000\n");
        write(repo, "jobs/invoices.yml", "name: invoices\n");
        write(repo, "src/test/java/FooTests.java", "class FooTests {}\n");
        write(repo, "README.md", """
                # R
                `jobs/invoices.yml`, `jobs/*.yml`, `jobs/bills.yml`, `config/*.properties`, `target/x.jar`, `/api/runs`
                FooTests and BarIntegrationTests, *IntegrationTests, `sync.ShortWalk`
                `ledgersync.api.page-size`, `ledgersync.api.*`, `ledgersync.api.read-timeout`
                """);
        write(repo, "docs/x.md", "# X\n");

        DocsCheck broken = new DocsCheck(repo);
        List<MarkdownFile> files = broken.files();

        String readme = repo.resolve("README.md").toString();
        assertThat(broken.missingPaths(files)).containsExactly(readme + ":2: `jobs/bills.yml` does not exist in the repository",
                readme + ":2: `config/*.properties` does not exist in the repository");
        assertThat(broken.missingClasses(files)).containsExactly(readme + ":3: no test class BarIntegrationTests under src/",
                readme + ":3: `sync.ShortWalk`: no class ShortWalk under src/");
        assertThat(broken.unknownSettings(files))
                .containsExactly(readme + ":4: setting ledgersync.api.read-timeout is not in config/application.yml");
    }

    @Test
    void givenTheFirstRunBlockWhenComparedThenNumbersAndPaddingDifferButWordsAndOrderMatter() {
        MarkdownFile.Block readme = new MarkdownFile.Block("README.md:9", List.of(
                "12:00:01 [     sync-run-1] Sync run 1 started (incremental): data sets all", "...",
                "12:00:03 [     sync-run-1] Sync run 1 COMPLETED in 2.6 s: companies 5 records"));

        List<String> sameButNumbers = List.of("09:15:00 [    sync-run-12] Sync run 12 started (incremental): data sets all",
                "some other line", "09:15:09 [    sync-run-12] Sync run 12 COMPLETED in 11.4 s: companies 50 records");
        List<String> otherWords = List.of("09:15:00 [    sync-run-12] Sync run 12 started (full): data sets all",
                "09:15:09 [    sync-run-12] Sync run 12 COMPLETED in 11.4 s: companies 50 records");
        List<String> otherOrder = List.of(sameButNumbers.get(2), sameButNumbers.get(0));

        assertThat(FirstRunIntegrationTests.unmatched(readme, sameButNumbers)).isEmpty();
        assertThat(FirstRunIntegrationTests.unmatched(readme, otherWords)).singleElement().asString()
                .startsWith("README.md:9, line '12:00:01 [     sync-run-1] Sync run 1 started (incremental)");
        assertThat(FirstRunIntegrationTests.unmatched(readme, otherOrder)).hasSize(1);
    }

    @Test
    void headingAnchorsAreGitHubs() {
        assertThat(MarkdownFile.slug("§10 The query language (`query=`)")).isEqualTo("10-the-query-language-query");
        assertThat(MarkdownFile.slug("Scale out")).isEqualTo("scale-out");
        assertThat(MarkdownFile.slug("Operations: metrics, dashboards, Docker")).isEqualTo("operations-metrics-dashboards-docker");
    }

    private MarkdownFile file(String path) {
        return docs.stream().filter(file -> file.path().equals(Path.of(path))).findFirst().orElseThrow();
    }

    private static void write(Path repo, String path, String text) throws IOException {
        Files.createDirectories(repo.resolve(path).getParent());
        Files.writeString(repo.resolve(path), text);
    }
}
