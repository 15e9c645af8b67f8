package io.ledgersync.sync.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import io.ledgersync.sync.FewNames;
import io.ledgersync.sync.SyncRequest;

/**
 * The names of the declared data sets, and which of them are read per company: what a request's names are checked
 * against ({@link #check}), the one home of those rules. The catalog has them ({@link DataSetCatalog#check}); the
 * command line reads them straight from the files ({@link #read}) to refuse a wrong name before anything starts.
 * Immutable.
 */
public final class DataSetNames {

    /** {@code classpath*:} or {@code file:}, a folder, and every file in it with one suffix. */
    private static final Pattern ONE_FOLDER = Pattern.compile("(classpath\\*:|file:)((?:[^*?{}\\[]*/)?)\\*(\\.[A-Za-z0-9]+)");

    private final List<String> names;
    private final Set<String> perCompany;

    /** @param perCompanyByName every data set's name, and whether it is read per company */
    DataSetNames(Map<String, Boolean> perCompanyByName) {
        // companies first, then by name: the catalog's order, so that messages list them the same way
        this.names = perCompanyByName.keySet().stream()
                .sorted(Comparator.comparing((String name) -> perCompanyByName.get(name)).thenComparing(Comparator.naturalOrder()))
                .toList();
        this.perCompany = perCompanyByName.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey)
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The names and parents of the files matching the pattern, read as plain YAML, without the validation of every
     * field that {@link DataSetCatalog#load} does: that takes seconds of Jackson and Bean Validation, this a few
     * milliseconds, which is what a check before the start may cost. Empty when a file does not plainly say its name;
     * the start loads the catalog and reports what is wrong with it.
     */
    public static Optional<DataSetNames> read(String locations) {
        Map<String, Boolean> perCompanyByName = new TreeMap<>();
        try {
            for (DataSetSource source : sources(locations)) {
                try (InputStream in = source.url().openStream()) {
                    if (!(new Yaml(new SafeConstructor(new LoaderOptions())).load(in) instanceof Map<?, ?> yaml)
                            || !(yaml.get("name") instanceof String name) || perCompanyByName.containsKey(name)) {
                        return Optional.empty();
                    }
                    perCompanyByName.put(name, yaml.get("parent") != null);
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException unreadable) {
            return Optional.empty();
        }
        return perCompanyByName.isEmpty() ? Optional.empty() : Optional.of(new DataSetNames(perCompanyByName));
    }

    /**
     * The data set files at the locations: a comma-separated list of patterns ({@code ledgersync.sync.datasets}, by
     * default the packaged {@code classpath*:jobs/*.yml}, then {@code file:jobs/*.yml} in the working directory). A
     * file of a later location replaces the file of the same name from an earlier one, so that a user's
     * {@code ./jobs/invoices.yml} overrides the packaged one; the one home of that rule. In file name order.
     */
    static List<DataSetSource> sources(String locations) throws IOException, URISyntaxException {
        Map<String, DataSetSource> byFileName = new TreeMap<>();
        for (String location : locations.split(",")) {
            String pattern = location.strip();
            if (pattern.isEmpty()) {
                continue;
            }
            boolean packaged = pattern.startsWith("classpath");
            for (URL file : files(pattern)) {
                String path = file.getPath();
                String fileName = path.substring(path.lastIndexOf('/') + 1);
                byFileName.put(fileName, new DataSetSource(fileName, file, packaged ? "jobs/" + fileName : shown(file)));
            }
        }
        return List.copyOf(byFileName.values());
    }

    /** A file outside the jar as its user knows it: relative to the working directory when it is under it. */
    private static String shown(URL file) throws URISyntaxException {
        Path path = Path.of(file.toURI()).toAbsolutePath().normalize();
        Path workingDirectory = Path.of("").toAbsolutePath();
        return path.startsWith(workingDirectory) ? "./" + workingDirectory.relativize(path).toString().replace('\\', '/') : path.toString();
    }

    /**
     * One data set file.
     *
     * @param fileName its name, which a later location's file of the same name overrides
     * @param url where it is read from
     * @param shownAs how messages and the schema record name it ({@code jobs/invoices.yml}, {@code ./jobs/bills.yml})
     */
    record DataSetSource(String fileName, URL url, String shownAs) {
    }

    /**
     * The files of the pattern. The usual ones, every file of one folder ({@code classpath*:jobs/*.yml},
     * {@code file:/etc/ledgersync/jobs/*.yml}), are listed here: Spring's resolver would wake the whole logging
     * system first, which costs as much as the rest of the check. Any other pattern goes to Spring's resolver.
     */
    static List<URL> files(String pattern) throws IOException, URISyntaxException {
        Matcher folder = ONE_FOLDER.matcher(pattern);
        if (!folder.matches()) {
            List<URL> files = new ArrayList<>();
            for (Resource resource : new PathMatchingResourcePatternResolver().getResources(pattern)) {
                files.add(resource.getURL());
            }
            return files;
        }
        String directory = folder.group(2);
        String suffix = folder.group(3);
        if (folder.group(1).equals("file:")) {
            return filesOf(Path.of(directory.isEmpty() ? "." : directory), suffix);
        }
        List<URL> files = new ArrayList<>();
        for (URL root : Collections.list(DataSetNames.class.getClassLoader().getResources(directory))) {
            if (root.getProtocol().equals("file")) {
                files.addAll(filesOf(Path.of(root.toURI()), suffix));
            } else if (root.openConnection() instanceof JarURLConnection jar) {
                String prefix = jar.getEntryName() == null ? "" : jar.getEntryName();
                for (JarEntry entry : Collections.list(jar.getJarFile().entries())) {
                    String name = entry.getName();
                    if (name.startsWith(prefix) && name.endsWith(suffix) && name.indexOf('/', prefix.length()) < 0) {
                        files.add(new URL(root, name.substring(prefix.length())));
                    }
                }
            } else {
                throw new IOException("cannot list " + root);
            }
        }
        return files;
    }

    private static List<URL> filesOf(Path directory, String suffix) throws IOException {
        List<URL> files = new ArrayList<>();
        if (Files.isDirectory(directory)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "*" + suffix)) {
                for (Path entry : entries) {
                    files.add(entry.toUri().toURL());
                }
            }
        }
        return files;
    }

    /**
     * Refuses what no run could do: a data set no file declares, or a deferred run of a data set that is never
     * deferred (a 409 defers one company's data set; {@code companies} itself is read in full runs only).
     *
     * @throws IllegalArgumentException naming the data sets at fault and the ones there are
     */
    public void check(SyncRequest request) {
        request.datasets().stream().filter(name -> !names.contains(name)).findFirst().ifPresent(name -> {
            throw unknown(name);
        });
        if (request.kind() == SyncRequest.Kind.DEFERRED) {
            List<String> neverDeferred = request.datasets().stream().filter(name -> !perCompany.contains(name)).toList();
            if (!neverDeferred.isEmpty()) {
                List<String> deferrable = new ArrayList<>(names);
                deferrable.retainAll(perCompany);
                throw new IllegalArgumentException("A deferred run reads only company data sets that a 409 deferred, and "
                        + String.join(", ", neverDeferred) + (neverDeferred.size() == 1 ? " is" : " are")
                        + " never deferred: name company data sets (" + String.join(", ", deferrable) + ") or run a full sync");
            }
        }
    }

    IllegalArgumentException unknown(String name) {
        return new IllegalArgumentException("Unknown data set '" + FewNames.one(name) + "': the data sets are " + String.join(", ", names));
    }

    List<String> names() {
        return names;
    }
}
