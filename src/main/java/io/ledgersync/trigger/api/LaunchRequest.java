package io.ledgersync.trigger.api;

import java.util.List;
import java.util.Locale;

import io.ledgersync.sync.SyncRequest;

/**
 * The body of {@code POST /api/runs}; every field is optional.
 *
 * @param mode absent or {@code incremental} (the default: every data set, incrementally where it has a watermark),
 *     {@code full} (a full refresh: every data set walked whole, deletes marked) or {@code deferred}
 * @param datasets data set names; empty or absent means all
 * @param companies company ids; empty or absent means all
 */
record LaunchRequest(String mode, List<String> datasets, List<String> companies) {

    /** What a body looks like, for the answers to one that is not. */
    static final String FORM = "{\"mode\": \"incremental\" | \"full\" | \"deferred\", \"datasets\": [\"...\"], \"companies\": [\"...\"]}";

    SyncRequest toSyncRequest() {
        String kind = mode == null || mode.isBlank() ? "incremental" : mode.strip().toLowerCase(Locale.ROOT);
        SyncRequest request = new SyncRequest(kind.equals("deferred") ? SyncRequest.Mode.DEFERRED : SyncRequest.Mode.FULL,
                names("datasets", datasets), names("companies", companies));
        return switch (kind) {
            case "incremental", "deferred" -> request;
            case "full" -> request.withFullRefresh();
            default -> throw new IllegalArgumentException("Unknown mode '" + mode + "': use incremental, full or deferred");
        };
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
