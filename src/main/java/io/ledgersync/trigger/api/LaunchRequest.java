package io.ledgersync.trigger.api;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import io.ledgersync.sync.SyncRequest;
import io.ledgersync.sync.SyncRequest.Kind;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /api/runs}; every field is optional.
 *
 * @param mode the {@link Kind#word() word} of a kind of run: absent or {@code incremental} (the default: every data set,
 *     incrementally where it has a watermark), {@code full} (a full refresh: every data set walked whole, deletes
 *     marked) or {@code deferred}
 * @param datasets data set names; empty or absent means all
 * @param companies company ids; empty or absent means all
 * @param acceptDeletes with mode {@code full} only: mark deleted what the full refresh did not find, even more than
 *     {@code ledgersync.sync.deletes.max-fraction} of a company data set's rows ({@link SyncRequest#acceptDeletes});
 *     absent means false
 */
record LaunchRequest(
        @Schema(allowableValues = {"incremental", "full", "deferred"}, defaultValue = "incremental",
                description = "The kind of run; a run's request.mode shows it in the same words") String mode,
        List<String> datasets, List<String> companies, Boolean acceptDeletes) {

    /** What a body looks like, for the answers to one that is not. */
    static final String FORM = "{\"mode\": " + Arrays.stream(Kind.values()).map(kind -> "\"" + kind.word() + "\"")
            .collect(Collectors.joining(" | ")) + ", \"datasets\": [\"...\"], \"companies\": [\"...\"],"
            + " \"acceptDeletes\": true}";

    SyncRequest toSyncRequest() {
        Kind kind = mode == null || mode.isBlank() ? Kind.INCREMENTAL : Kind.ofWord(mode)
                .orElseThrow(() -> new IllegalArgumentException("Unknown mode '" + mode + "': use " + kindWords()));
        SyncRequest request = new SyncRequest(kind, names("datasets", datasets), names("companies", companies));
        if (!Boolean.TRUE.equals(acceptDeletes)) {
            return request;
        }
        if (kind != Kind.FULL) {
            throw new IllegalArgumentException("Field 'acceptDeletes' needs \"mode\": \"" + Kind.FULL.word() + "\": only a "
                    + Kind.FULL.phrase() + " marks deletes (acceptDeletes lets it mark more than"
                    + " ledgersync.sync.deletes.max-fraction)");
        }
        return request.acceptingDeletes();
    }

    /** "incremental, full or deferred" */
    private static String kindWords() {
        List<String> words = Arrays.stream(Kind.values()).map(Kind::word).toList();
        return String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
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
