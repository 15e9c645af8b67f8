package io.ledgersync.sync.dataset;

import java.util.List;

/**
 * The data set files cannot make a catalog: every mistake found, one line each that names the file, the line and the
 * field, or what is missing ({@link DataSetCatalog#load}). A configuration error: a person fixes the files. Immutable.
 */
public final class DataSetFilesException extends IllegalStateException {

    private final List<String> problems;

    DataSetFilesException(List<String> problems, Throwable cause) {
        super(String.join("\n", problems), cause);
        this.problems = List.copyOf(problems);
    }

    /** One line per mistake, in file name order. */
    public List<String> problems() {
        return problems;
    }
}
