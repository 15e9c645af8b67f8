package io.ledgersync;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A Markdown file of the repository read as far as the docs checks need it: its prose lines (outside fenced code
 * blocks, with their line numbers), the anchors of its headings, and the fenced blocks that follow a marker comment.
 * Not a Markdown parser: the README and docs/ keep to the plain subset it reads.
 */
record MarkdownFile(Path path, List<String> lines) {

    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");

    static MarkdownFile read(Path path) {
        try {
            return new MarkdownFile(path, Files.readAllLines(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A line outside fenced code blocks, as "file:line" for messages and its text. */
    record Line(String where, String text) {
    }

    /** The lines outside fenced code blocks, where links, cited paths and headings are. */
    List<Line> prose() {
        List<Line> prose = new ArrayList<>();
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                prose.add(new Line(path + ":" + (i + 1), line));
            }
        }
        return prose;
    }

    /** Every line with its place, code blocks included: class names are cited in both. */
    List<Line> all() {
        List<Line> all = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            all.add(new Line(path + ":" + (i + 1), lines.get(i)));
        }
        return all;
    }

    /** The contents of the code spans of a line. */
    static List<String> codeSpans(String line) {
        List<String> spans = new ArrayList<>();
        Matcher matcher = CODE_SPAN.matcher(line);
        while (matcher.find()) {
            spans.add(matcher.group(2).strip());
        }
        return spans;
    }

    /** A line without its code spans, so that a link written as code is not taken for one. */
    static String withoutCodeSpans(String line) {
        return CODE_SPAN.matcher(line).replaceAll("");
    }

    /** The anchors GitHub gives the headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    Set<String> anchors() {
        Map<String, Integer> seen = new HashMap<>();
        Set<String> anchors = new HashSet<>();
        for (Line line : prose()) {
            Matcher heading = HEADING.matcher(line.text());
            if (heading.matches()) {
                String anchor = slug(heading.group(1));
                int before = seen.merge(anchor, 1, Integer::sum) - 1;
                anchors.add(before == 0 ? anchor : anchor + "-" + before);
            }
        }
        return anchors;
    }

    static String slug(String heading) {
        String text = heading.replaceAll("`", "").replaceAll("\\[([^]]*)]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        return text.codePoints().filter(c -> Character.isLetterOrDigit(c) || c == ' ' || c == '-' || c == '_')
                .mapToObj(Character::toString).collect(Collectors.joining()).replace(' ', '-');
    }

    /** The fenced block right after {@code <!-- output of: command -->}, with the line it starts on. */
    Optional<Block> blockAfter(String marker) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals(marker) && i + 1 < lines.size() && lines.get(i + 1).startsWith("```")) {
                int end = i + 2;
                while (end < lines.size() && !lines.get(end).startsWith("```")) {
                    end++;
                }
                return Optional.of(new Block(path + ":" + (i + 3), lines.subList(i + 2, end)));
            }
        }
        return Optional.empty();
    }

    /** A fenced block's lines, and where its first line is. */
    record Block(String where, List<String> lines) {
    }

    /** Every {@code <!-- output of: ... -->} marker of the file. */
    List<Line> outputMarkers() {
        return all().stream().filter(line -> line.text().strip().matches("<!-- output of: .* -->")).toList();
    }
}
