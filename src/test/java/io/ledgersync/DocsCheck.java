package io.ledgersync;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.yaml.snakeyaml.Yaml;

/**
 * What keeps the README and docs/ true to the repository, as lists of problems, each naming the file and the line:
 * links and anchors that lead nowhere, cited files, classes and settings that do not exist. DocsTests runs it on the
 * real files; it is a class of its own so that tests can show it on broken ones.
 */
final class DocsCheck {

    private static final Pattern LINK = Pattern.compile("(?<!!)\\[[^]]*]\\(([^)\\s]+)\\)");
    /** A repository path as docs cite it: a folder or file below a top-level folder, globs allowed. */
    // the first segment never starts with a dot: "./data/" is the folder data, not "." with a segment "data"
    private static final Pattern PATH = Pattern.compile("(?:\\./)?([A-Za-z0-9_-][A-Za-z0-9_.-]*)(/[A-Za-z0-9_.*-]+)+/?");
    /** A test class, anywhere: prose, code spans and code blocks (not a pattern such as *IntegrationTests). */
    private static final Pattern TEST_CLASS = Pattern.compile("(?<![*\\w-])([A-Z][A-Za-z0-9]*Tests)\\b");
    /** A class of ours cited with its package ({@code sync.ShortWalk}) or a method ({@code SandboxSettings.defaults()}). */
    private static final Pattern MAIN_CLASS = Pattern.compile(
            "(?:[a-z][a-z0-9]*\\.)+([A-Z][A-Za-z0-9]*)(?:\\.[a-z]\\w*(?:\\(\\))?)?|([A-Z][A-Za-z0-9]*)\\.[a-z]\\w*\\(\\)");
    private static final Pattern SETTING = Pattern.compile("(ledgersync(?:\\.[a-z0-9-]+)+?)(?:\\.\\*|\\.<[^>]+>)?(?:=.*)?");
    /** Top-level folders that are made by builds and runs, never committed: a cited path below them is not checked. */
    private static final Set<String> NOT_COMMITTED = Set.of("target", "data", "logs");

    private final Path root;

    DocsCheck(Path root) {
        this.root = root;
    }

    /** README.md and every Markdown file under docs/. */
    List<MarkdownFile> files() {
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            List<MarkdownFile> files = new ArrayList<>(List.of(MarkdownFile.read(root.resolve("README.md"))));
            docs.filter(path -> path.toString().endsWith(".md")).sorted().map(MarkdownFile::read).forEach(files::add);
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Relative links to a file that does not exist, or to a heading the file does not have. */
    List<String> brokenLinks(List<MarkdownFile> files) {
        List<String> problems = new ArrayList<>();
        for (MarkdownFile file : files) {
            for (MarkdownFile.Line line : file.prose()) {
                Matcher link = LINK.matcher(MarkdownFile.withoutCodeSpans(line.text()));
                while (link.find()) {
                    String target = link.group(1);
                    if (target.matches("[a-z]+:.*")) {
                        continue; // http:, https:, mailto: are not the repository's
                    }
                    int hash = target.indexOf('#');
                    String pathPart = hash < 0 ? target : target.substring(0, hash);
                    Path linked = pathPart.isEmpty() ? file.path() : file.path().resolveSibling(pathPart).normalize();
                    if (!Files.exists(linked)) {
                        problems.add(line.where() + ": link to " + target + ": no such file " + root.relativize(linked));
                    } else if (hash >= 0 && !MarkdownFile.read(linked).anchors().contains(target.substring(hash + 1))) {
                        problems.add(line.where() + ": link to " + target + ": " + root.relativize(linked)
                                + " has no heading with that anchor");
                    }
                }
            }
        }
        return problems;
    }

    /** Repository files and folders cited in code spans that do not exist (a glob must match at least one file). */
    List<String> missingPaths(List<MarkdownFile> files) {
        List<String> problems = new ArrayList<>();
        for (MarkdownFile file : files) {
            for (MarkdownFile.Line line : file.prose()) {
                for (String span : MarkdownFile.codeSpans(line.text())) {
                    Matcher path = PATH.matcher(span);
                    if (path.matches() && Files.isDirectory(root.resolve(path.group(1)))
                            && !NOT_COMMITTED.contains(path.group(1)) && !exists(span)) {
                        problems.add(line.where() + ": `" + span + "` does not exist in the repository");
                    }
                }
            }
        }
        return problems;
    }

    private boolean exists(String cited) {
        String relative = cited.startsWith("./") ? cited.substring(2) : cited;
        if (!relative.contains("*")) {
            return Files.exists(root.resolve(relative));
        }
        PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + relative);
        try (Stream<Path> all = Files.walk(root.resolve(relative.substring(0, relative.indexOf('/'))))) {
            return all.anyMatch(path -> glob.matches(root.relativize(path)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Test classes, and classes of ours cited with their package or a method, that no file under src/ declares. */
    List<String> missingClasses(List<MarkdownFile> files) {
        Set<String> classes = javaClassesUnder(root.resolve("src"));
        List<String> problems = new ArrayList<>();
        for (MarkdownFile file : files) {
            for (MarkdownFile.Line line : file.all()) {
                Matcher test = TEST_CLASS.matcher(line.text());
                while (test.find()) {
                    if (!classes.contains(test.group(1))) {
                        problems.add(line.where() + ": no test class " + test.group(1) + " under src/");
                    }
                }
            }
            for (MarkdownFile.Line line : file.prose()) {
                for (String span : MarkdownFile.codeSpans(line.text())) {
                    Matcher cited = MAIN_CLASS.matcher(span);
                    String name = !cited.matches() ? null : cited.group(1) != null ? cited.group(1) : cited.group(2);
                    if (name != null && !span.startsWith("ledgersync.") && !classes.contains(name)) {
                        problems.add(line.where() + ": `" + span + "`: no class " + name + " under src/");
                    }
                }
            }
        }
        return problems;
    }

    private static Set<String> javaClassesUnder(Path src) {
        try (Stream<Path> all = Files.walk(src)) {
            return all.map(path -> path.getFileName().toString()).filter(name -> name.endsWith(".java"))
                    .map(name -> name.substring(0, name.length() - ".java".length())).collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code ledgersync.*} settings quoted in code spans that config/application.yml has neither as a key nor a section.
     * The embedded sandbox's keys are the exception: their defaults are the sandbox's own, so the file only names them
     * in a comment, and they are the components of {@link EmbeddedSandboxProperties}.
     */
    List<String> unknownSettings(List<MarkdownFile> files) {
        Set<String> keys = new TreeSet<>(settingsOf(root.resolve("config/application.yml")));
        Arrays.stream(EmbeddedSandboxProperties.class.getRecordComponents())
                .map(component -> "ledgersync.sandbox." + component.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT))
                .forEach(keys::add);
        List<String> problems = new ArrayList<>();
        for (MarkdownFile file : files) {
            for (MarkdownFile.Line line : file.prose()) {
                for (String span : MarkdownFile.codeSpans(line.text())) {
                    Matcher setting = SETTING.matcher(span);
                    if (setting.matches() && keys.stream().noneMatch(key -> key.equals(setting.group(1))
                            || key.startsWith(setting.group(1) + "."))) {
                        problems.add(line.where() + ": setting " + setting.group(1) + " is not in config/application.yml");
                    }
                }
            }
        }
        return problems;
    }

    /** Every key of a YAML file, flattened as Spring reads it ({@code ledgersync.api.page-size}). */
    static Set<String> settingsOf(Path yaml) {
        Set<String> keys = new TreeSet<>();
        try {
            for (Object document : new Yaml().loadAll(Files.readString(yaml))) {
                flatten("", document, keys);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return keys;
    }

    private static void flatten(String prefix, Object node, Set<String> keys) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> flatten(prefix.isEmpty() ? String.valueOf(key) : prefix + "." + key, value, keys));
        } else if (!prefix.isEmpty()) {
            keys.add(prefix);
        }
    }
}
