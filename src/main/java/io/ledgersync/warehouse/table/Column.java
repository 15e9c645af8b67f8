package io.ledgersync.warehouse.table;

import java.util.regex.Pattern;

/** A typed column of a warehouse table. */
public record Column(String name, ColumnType type) {

    /** PostgreSQL's longest identifier: it cuts a longer one, silently. */
    private static final int MAX_IDENTIFIER = 63;
    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0," + (MAX_IDENTIFIER - 1) + "}");

    public Column {
        requireIdentifier(name, "column");
    }

    /** Names end up in SQL text, so only plain lower-case identifiers are accepted. */
    public static String requireIdentifier(String name, String what) {
        if (name == null || !IDENTIFIER.matcher(name).matches()) {
            throw new IllegalArgumentException("Invalid " + what + " name '" + name
                    + "': use lower-case letters, digits and underscores, starting with a letter");
        }
        return name;
    }

    /** A name made of others (a staging or a rebuilt table's), cut as PostgreSQL would cut it, so that SQL names what it made. */
    public static String truncated(String name) {
        return name.length() <= MAX_IDENTIFIER ? name : name.substring(0, MAX_IDENTIFIER);
    }
}
