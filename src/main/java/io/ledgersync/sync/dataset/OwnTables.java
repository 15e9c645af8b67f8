package io.ledgersync.sync.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.ledgersync.warehouse.table.StandardColumns;

/**
 * The names of ledgersync's own tables, sequences and indexes, which no data set may take as a table: a rebuild
 * drops and replaces a data set's tables (issue 25: a child table named {@code sync_state}). Read from the Flyway
 * migrations themselves (and Flyway's history table), so that a new migration's table is protected without a list to keep up. A table a migration
 * creates with the envelope of every data set table ({@code raw}, {@code synced_at}, {@code run_id}: companies,
 * invoices, customers) is a data set's, adopted by its file, not ours. Immutable.
 */
final class OwnTables {

    private static final String MIGRATIONS = "classpath*:db/migration/%s/*.sql";
    private static final Pattern CREATE = Pattern.compile(
            "create\\s+(table|sequence|(?:unique\\s+)?index)\\s+(?:if\\s+not\\s+exists\\s+)?(\\w+)(\\s*\\((?:[^;]*)\\))?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern COLUMN = Pattern.compile("(?m)^\\s*\\(?\\s*(\\w+)\\s");

    private static final Set<String> NAMES = read();

    private OwnTables() {
    }

    /** Every name the migrations of both databases create for ledgersync itself, in lower case. */
    static Set<String> names() {
        return NAMES;
    }

    private static Set<String> read() {
        Set<String> names = new TreeSet<>();
        try {
            for (String database : new String[] {"h2", "postgresql"}) {
                for (URL migration : DataSetNames.files(MIGRATIONS.formatted(database))) {
                    try (InputStream in = migration.openStream()) {
                        names.addAll(created(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the Flyway migrations to learn ledgersync's own tables", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("Cannot list the Flyway migrations: " + e.getMessage(), e);
        }
        // the table Flyway keeps its history in (ledgersync does not rename it), as Flyway itself names it
        names.add(new org.flywaydb.core.api.configuration.ClassicConfiguration().getTable().toLowerCase(Locale.ROOT));
        if (names.size() == 1) {
            throw new IllegalStateException("No Flyway migrations at " + MIGRATIONS.formatted("*") + ": the jar is incomplete");
        }
        return Collections.unmodifiableSet(names);
    }

    /** The names one migration's SQL creates, data set tables left out. */
    static Set<String> created(String sql) {
        Set<String> names = new HashSet<>();
        Matcher create = CREATE.matcher(sql.replaceAll("--[^\\n]*", ""));
        while (create.find()) {
            String name = create.group(2).toLowerCase(Locale.ROOT);
            if (!create.group(1).equalsIgnoreCase("table") || !isDataSetTable(create.group(3))) {
                names.add(name);
            }
        }
        return names;
    }

    private static boolean isDataSetTable(String body) {
        if (body == null) {
            return false;
        }
        Set<String> columns = new HashSet<>();
        Matcher column = COLUMN.matcher(body);
        while (column.find()) {
            columns.add(column.group(1).toLowerCase(Locale.ROOT));
        }
        return columns.containsAll(StandardColumns.WRITTEN);
    }
}
