package io.ledgersync.trigger.cli;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * A table for a person at a terminal: a header and rows, each column as wide as its widest cell, two spaces apart.
 * Scripts read {@code --json} instead. Not thread-safe.
 */
final class TextTable {

    private static final String NONE = "-";

    private final List<String[]> rows = new ArrayList<>();

    TextTable(String... header) {
        rows.add(header);
    }

    TextTable row(Object... cells) {
        String[] text = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            text[i] = cell(cells[i]);
        }
        rows.add(text);
        return this;
    }

    /** The table, one line per row, each ending with a line separator. */
    String text() {
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i == 0 ? "" : "  ").append(i == row.length - 1 ? row[i] : String.format("%-" + widths[i] + "s", row[i]));
            }
            text.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
        return text.toString();
    }

    /** A time as the table shows it: to the second, in UTC, as the JSON has it; nothing as "-". */
    static String time(Instant instant) {
        return instant == null ? NONE : instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** Times to the second, in UTC as the JSON has them; nothing as "-"; text on one line. */
    private static String cell(Object value) {
        if (value == null) {
            return NONE;
        }
        if (value instanceof Instant instant) {
            return time(instant);
        }
        String text = value.toString().replaceAll("\\s*\\R\\s*", " ");
        return text.isEmpty() ? NONE : text;
    }
}
