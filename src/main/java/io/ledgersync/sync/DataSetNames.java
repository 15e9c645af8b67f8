package io.ledgersync.sync;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The names of the declared data sets, and which of them are read per company: what a request's names are checked
 * against ({@link #check}), the one home of those rules. The catalog has them ({@link DataSetCatalog#check}); the
 * command line reads them straight from the files ({@link #read}) to refuse a wrong name before anything starts.
 * Immutable.
 */
public final class DataSetNames {

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
    public static Optional<DataSetNames> read(String locationPattern) {
        Map<String, Boolean> perCompanyByName = new TreeMap<>();
        try {
            Resource[] files = new PathMatchingResourcePatternResolver().getResources(locationPattern);
            for (Resource file : files) {
                try (InputStream in = file.getInputStream()) {
                    if (!(new Yaml(new SafeConstructor(new LoaderOptions())).load(in) instanceof Map<?, ?> yaml)
                            || !(yaml.get("name") instanceof String name) || perCompanyByName.containsKey(name)) {
                        return Optional.empty();
                    }
                    perCompanyByName.put(name, yaml.get("parent") != null);
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
        return perCompanyByName.isEmpty() ? Optional.empty() : Optional.of(new DataSetNames(perCompanyByName));
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
        if (request.mode() == SyncRequest.Mode.DEFERRED) {
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
        return new IllegalArgumentException("Unknown data set '" + name + "': the data sets are " + String.join(", ", names));
    }

    List<String> names() {
        return names;
    }
}
