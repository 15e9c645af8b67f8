package io.ledgersync.sync.dataset;

/**
 * A data set file asks for a change its table cannot take in place (a column's type, the key): the start stops, with
 * one line naming the data set, its file, the column and what to do. Nothing of the change was applied.
 */
public class UnsafeSchemaChangeException extends IllegalStateException {

    UnsafeSchemaChangeException(DataSet dataSet, String problem) {
        super("Data set " + dataSet.name() + " (" + dataSet.file().source() + "): " + problem
                + ", which cannot be changed in place: put it back as it was, or run 'ledgersync schema --rebuild="
                + dataSet.name() + "' to rebuild its tables from the stored raw records");
    }
}
