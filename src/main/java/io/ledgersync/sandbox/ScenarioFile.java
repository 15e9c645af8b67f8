package io.ledgersync.sandbox;

import java.util.List;
import java.util.Map;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import com.fasterxml.jackson.annotation.JsonCreator;

import io.ledgersync.yaml.ExactlyOneOf;

/**
 * A scenario file as {@link io.ledgersync.yaml.YamlFiles} reads it: every section optional, every key typed and
 * checked, an unknown key refused. The format is in the package documentation; absent values keep the defaults that
 * {@link SandboxScenario} states where it applies them.
 */
record ScenarioFile(
        @Valid Data data,
        @Valid Account account,
        List<@NotNull @Valid Key> keys,
        List<@NotNull @Valid DataSetEntry> dataSets,
        List<@NotNull @Valid Fault> faults) {

    /**
     * Overrides the data-set size and seed (the command line overrides these in turn); {@code recordsPerCompany}
     * sets the count of any data set by name, {@code invoicesPerCompany} is the shorthand for invoices.
     */
    record Data(@Min(0) @Max(SandboxSettings.MAX_COMPANIES) Integer companies, @Min(0) Integer invoicesPerCompany,
            Map<String, @NotNull @Min(0) Integer> recordsPerCompany, Long seed) {
    }

    record Account(Boolean freeTrial, @Min(0) Integer ageDays) {
    }

    /** Another API key; without {@code companies} it is account-wide. */
    record Key(String name, String key, List<@NotNull CompanyRef> companies) {
    }

    /** The life of one company's data set; each flag or number given scripts one state, in the order below. */
    record DataSetEntry(
            @NotNull CompanyRef company,
            String dataType,
            Boolean ready,
            Boolean notRequested,
            @Min(0) Integer readyAfterRequests,
            @DecimalMin("0") Double readyAfterSeconds,
            Boolean unsupported,
            @Valid Drift driftAfterPages,
            @Valid Drift changeAtStart) {
    }

    /** Changes of the platform: after some pages served ({@code driftAfterPages}), or as the sandbox starts. */
    record Drift(@Min(1) Integer afterPages, @Min(0) Integer insert, @Min(0) Integer update, @Min(0) Integer softDelete,
            @Min(0) Integer hardDelete, @Min(0) Integer late, @DecimalMin("0") Double lateBySeconds) {
    }

    /** One request fault: on which requests (all, without a target), and what happens to them. */
    @ExactlyOneOf({"latencyMillis", "rateLimit", "tooManyRequests", "unavailable", "maintenance", "serverError",
            "dropConnection"})
    record Fault(
            @Valid Target target,
            @Min(0) Integer latencyMillis,
            @Valid RateLimit rateLimit,
            @Valid TooManyRequests tooManyRequests,
            @Valid Unavailable unavailable,
            @Valid Maintenance maintenance,
            @Valid ServerError serverError,
            @Valid Drop dropConnection) {
    }

    record Target(@Pattern(regexp = "/.*", message = "must start with '/'") String path, CompanyRef company,
            @Min(1) Integer page) {
    }

    record RateLimit(@NotNull @DecimalMin(value = "0", inclusive = false) Double requestsPerSecond,
            @Min(1) Integer burst) {
    }

    @ExactlyOneOf({"next", "probability"})
    record TooManyRequests(@Min(1) Integer next, @DecimalMin("0") @DecimalMax("1") Double probability,
            @DecimalMin("0") Double retryAfterSeconds) {
    }

    /** Only {@code next}: a 503 that lasts is a {@link Maintenance} window. */
    record Unavailable(@NotNull @Min(1) Integer next, @DecimalMin("0") Double retryAfterSeconds) {
    }

    record Maintenance(@DecimalMin("0") Double startAfterSeconds,
            @NotNull @DecimalMin(value = "0", inclusive = false) Double durationSeconds) {
    }

    @ExactlyOneOf({"next", "probability"})
    record ServerError(@Min(1) Integer next, @DecimalMin("0") @DecimalMax("1") Double probability) {
    }

    record Drop(@Min(1) Integer next, @Min(0) Integer afterBytes) {
    }

    /** A company by its index in {@code GET /companies} (0 is the first) or by its id; checked once started. */
    record CompanyRef(Integer index, String id) {

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static CompanyRef of(Object value) {
            if (value instanceof Integer index) {
                return new CompanyRef(index, null);
            }
            if (value instanceof String id && !id.isBlank()) {
                return new CompanyRef(null, id);
            }
            throw new IllegalArgumentException("must be a company's index (0 is the first) or its id, was " + value);
        }

        @Override
        public String toString() {
            return index != null ? "index " + index : "id " + id;
        }
    }
}
