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

    SyncRequest toSyncRequest() {
        SyncRequest.Mode parsed;
        try {
            parsed = mode == null || mode.isBlank() ? SyncRequest.Mode.FULL : SyncRequest.Mode.valueOf(mode.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unknown mode '" + mode + "': use full or deferred");
        }
        return new SyncRequest(parsed, datasets == null ? List.of() : datasets, companies == null ? List.of() : companies);
    }
}
