package io.ledgersync.source;

import tools.jackson.core.JsonParser;

/**
 * How each record of a page is read while the page is decoded: in the one streaming pass that also checks its syntax
 * and cuts its bytes from the body, so that nothing parses a record a second time (issue 28). A data set's mapper reads
 * its columns here; {@link #IDS} reads only the id. Implementations are thread-safe.
 */
public interface RecordParse {

    /** Reads only each record's id ({@link SourceRecord#id()}). */
    RecordParse IDS = parser -> {
        String id = SourceRecord.readId(parser);
        return () -> id;
    };

    /**
     * Reads the record the parser is at (its {@code START_OBJECT}) through its {@code END_OBJECT}, where it leaves the
     * parser. A syntax error is thrown as Jackson's exception, which fails the whole page.
     */
    Parsed read(JsonParser parser);

    /** What the pass read of one record: at least its id, as {@link SourceRecord#id()} defines it. */
    interface Parsed {
        String id();
    }
}
