package io.ledgersync.warehouse.table;

import java.util.regex.Pattern;

/** A typed column of a warehouse table. */
public record Column(String name, ColumnType type) {

    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

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
}
