package io.ledgersync.yaml;

/**
 * A YAML file that cannot be what its type says, told in one line that a person can act on:
 * {@code sandbox/scenarios/x.yml line 7, faults[2].rateLimit.requestsPerSecond: must be at least 1}.
 */
public final class InvalidYamlException extends IllegalArgumentException {

    private final String source;
    private final int line;
    private final String field;
    private final String problem;

    InvalidYamlException(String source, int line, String field, String problem, Throwable cause) {
        super(source + " line " + line + (field.isEmpty() ? "" : ", " + field) + ": " + problem, cause);
        this.source = source;
        this.line = line;
        this.field = field;
        this.problem = problem;
    }

    /** How the file was named to {@link YamlFiles}: its path as given, or the description passed in. */
    public String source() {
        return source;
    }

    /** The line of the field (from 1); for a missing field, the line of the mapping that lacks it. */
    public int line() {
        return line;
    }

    /** The field in the document, like {@code faults[2].rateLimit}; empty for the document itself. */
    public String field() {
        return field;
    }

    /** What is wrong with the field, like {@code must be at least 1}. */
    public String problem() {
        return problem;
    }
}
