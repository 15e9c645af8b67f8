package io.ledgersync.yaml;

/**
 * A YAML file read into its type, which still knows where each of its fields was written: a check that can only be
 * made later (a company index against the companies that exist) reports its error the same way as reading does.
 *
 * @param <T> the type the file was read into
 */
public final class YamlDocument<T> {

    private final DocumentIndex index;
    private final T value;

    YamlDocument(DocumentIndex index, T value) {
        this.index = index;
        this.value = value;
    }

    /** What the file holds, valid by its type's constraints. */
    public T value() {
        return value;
    }

    /**
     * The error for a field found wrong after reading, to be thrown by the caller.
     *
     * @param field   the field's path as {@link InvalidYamlException#field()} spells it, like {@code dataSets[0].company}
     * @param problem what is wrong with it, like {@code index 9 is outside 0..1}
     */
    public InvalidYamlException invalid(String field, String problem) {
        return index.invalid(field, problem, null);
    }
}
