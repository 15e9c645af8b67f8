package io.ledgersync.trigger;

import java.util.List;
import java.util.Locale;

import io.ledgersync.sync.SyncRequest;

/**
 * The body of {@code POST /api/runs}; every field is optional.
 *
 * @param mode {@code full} (the default) or {@code deferred}
 * @param datasets data set names; empty or absent means all
 * @param companies company ids; empty or absent means all
 */
record LaunchRequest(String mode, List<String> datasets, List<String> companies) {

    /** What a body looks like, for the answers to one that is not. */
    static final String FORM = "{\"mode\": \"full\" | \"deferred\", \"datasets\": [\"...\"], \"companies\": [\"...\"]}";

    SyncRequest toSyncRequest() {
        SyncRequest.Mode parsed;
        try {
            parsed = mode == null || mode.isBlank() ? SyncRequest.Mode.FULL : SyncRequest.Mode.valueOf(mode.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unknown mode '" + mode + "': use full or deferred");
        }
        return new SyncRequest(parsed, names("datasets", datasets), names("companies", companies));
    }

    private static List<String> names(String field, List<String> names) {
        if (names == null) {
            return List.of();
        }
        if (names.stream().anyMatch(name -> name == null || name.isBlank())) {
            throw new IllegalArgumentException("Field '" + field + "' holds an empty name: " + names.stream()
                    .map(name -> name == null ? "null" : "\"" + name + "\"").toList());
        }
        return names;
    }
}
