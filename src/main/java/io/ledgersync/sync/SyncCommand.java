package io.ledgersync.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The {@code sync} command line of a {@link SyncRequest}: the names of its options, which the command line parses, how
 * a list of company ids is escaped in it, and a request written back as the command that makes it, for a message
 * that says what to run. Stateless.
 */
public final class SyncCommand {

    /** {@code --datasets=a,b} */
    public static final String DATASETS = "datasets";
    /** {@code --companies=id1,id2}, commas of an id escaped ({@link #companies}) */
    public static final String COMPANIES = "companies";
    /** {@code --accept-deletes}, with {@code --full}: {@link SyncRequest#acceptDeletes} */
    public static final String ACCEPT_DELETES = "accept-deletes";

    /** What a shell passes on as it is; anything else is quoted. */
    private static final Pattern SHELL_WORD = Pattern.compile("[A-Za-z0-9_.,:/@%+=-]+");

    private SyncCommand() {
    }

    /**
     * The command that makes this request, options in the order {@code --help} lists them, e.g.
     * {@code sync --full --datasets=invoices --companies=42 --accept-deletes}; a list of company ids that a shell
     * would not pass on as it is stands in single quotes.
     */
    public static String of(SyncRequest request) {
        StringBuilder command = new StringBuilder("sync");
        if (request.kind() != SyncRequest.Kind.INCREMENTAL) {
            command.append(" --").append(request.kind().word());
        }
        if (!request.datasets().isEmpty()) {
            command.append(" --").append(DATASETS).append('=').append(String.join(",", request.datasets()));
        }
        if (!request.companies().isEmpty()) {
            String ids = request.companies().stream().map(id -> id.replace("\\", "\\\\").replace(",", "\\,"))
                    .collect(Collectors.joining(","));
            command.append(" --").append(COMPANIES).append('=')
                    .append(SHELL_WORD.matcher(ids).matches() ? ids : "'" + ids.replace("'", "'\\''") + "'");
        }
        if (request.acceptDeletes()) {
            command.append(" --").append(ACCEPT_DELETES);
        }
        return command.toString();
    }

    /**
     * The ids of {@code --companies}: split at commas not escaped by a backslash, {@code \,} a comma of the id and
     * {@code \\} a backslash ({@code --companies='acme\,eu,other'}); blank means all.
     */
    static List<String> companies(String list) {
        if (list == null || list.isBlank()) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        StringBuilder id = new StringBuilder();
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '\\' && i + 1 < list.length() && (list.charAt(i + 1) == ',' || list.charAt(i + 1) == '\\')) {
                id.append(list.charAt(++i));
            } else if (c == ',') {
                ids.add(id.toString().strip());
                id.setLength(0);
            } else {
                id.append(c);
            }
        }
        ids.add(id.toString().strip());
        return ids.stream().filter(s -> !s.isEmpty()).distinct().toList();
    }
}
