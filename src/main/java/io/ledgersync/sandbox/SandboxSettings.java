package io.ledgersync.sandbox;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import io.ledgersync.sandbox.records.DataTypes;

/**
 * What a sandbox serves and where: bind address, data set size, the seed that fixes every record, the account's API
 * key, plan and age, and the clock that every time-driven behaviour (account age, readiness, maintenance windows,
 * rate limits) reads.
 *
 * @param host                address to bind, a name or literal; {@code 0.0.0.0} listens on every interface
 * @param port                TCP port, {@code 0} for any free port
 * @param companies           number of companies seeded at start ({@code POST /companies} may add more)
 * @param recordsPerCompany   records of each company data set ({@link DataTypes#NAMES}), before any scripted insert
 * @param seed                the same seed always serves the same bytes (and draws the same random faults)
 * @param apiKey              the account's first key: tied to every company, may manage keys and companies
 * @param clock               the only source of "now" in the sandbox; tests pass a clock they move by hand
 * @param freeTrial           a free-trial account: 50 companies at most, no hourly sync schedule, expires at 365 days
 * @param accountAge          how old the account is when the sandbox starts, measured back from {@code clock}
 * @param asOf                the day the records are "as of": every generated date is before it (issue dates up to
 *                            540 days back), so the records are a pure function of (seed, as-of day, counts); null:
 *                            the day of {@code clock} when the sandbox starts, today on the system clock
 */
public record SandboxSettings(String host, int port, int companies, Map<String, Integer> recordsPerCompany, long seed,
        String apiKey, Clock clock, boolean freeTrial, Duration accountAge, LocalDate asOf) {

    /** The documented local key; never a secret, so it may appear in docs, compose files and logs. */
    public static final String DEFAULT_API_KEY = "sandbox-key";

    /** More companies than this would make the company list, which is held in memory, pointlessly large. */
    static final int MAX_COMPANIES = 100_000;

    public SandboxSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, was " + port);
        }
        if (companies < 0 || companies > MAX_COMPANIES) {
            throw new IllegalArgumentException(
                    "companies must be between 0 and " + MAX_COMPANIES + ", was " + companies);
        }
        recordsPerCompany = checked(recordsPerCompany);
        if (apiKey == null || apiKey.isEmpty()) {
            throw new IllegalArgumentException("apiKey must not be empty");
        }
        if (clock == null) {
            throw new IllegalArgumentException("clock must not be null");
        }
        if (accountAge == null || accountAge.isNegative()) {
            throw new IllegalArgumentException("accountAge must not be negative, was " + accountAge);
        }
    }

    /**
     * The day the records are as of: {@link #asOf} if given, otherwise the clock's day now. The clock's, so that a
     * test that moves a clock of its own gets records older than its changes, as on the system clock.
     */
    public LocalDate recordsAsOf() {
        return asOf != null ? asOf : LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    /**
     * The one home of the sandbox's defaults: loopback, any free port, 5 companies, each with 1000 invoices, 40
     * customers, 100 credit notes, 25 suppliers, 400 bills and 30 accounts (the standard chart of 24 and 6
     * sub-accounts), seed 42, the documented key, the system clock, a free-trial account created at start, and records
     * as of the clock's day, today in UTC (so that dates end around today: an invoice issued last week is not yet
     * due). The
     * {@code sandbox} command's help and the embedded sandbox's configuration read them from here rather than
     * repeating them.
     */
    public static SandboxSettings defaults() {
        Map<String, Integer> records = new LinkedHashMap<>();
        records.put("customers", 40);
        records.put("invoices", 1000);
        records.put("creditNotes", 100);
        records.put("suppliers", 25);
        records.put("bills", 400);
        records.put("accounts", 30);
        return new SandboxSettings("127.0.0.1", 0, 5, records, 42L, DEFAULT_API_KEY, Clock.systemUTC(), true,
                Duration.ZERO, null);
    }

    /**
     * The day {@code value} names (yyyy-mm-dd), for an "as of" setting called {@code name}.
     *
     * @throws IllegalArgumentException naming the setting and the form it takes
     */
    public static LocalDate day(String name, String value) {
        try {
            return LocalDate.parse(value.trim());
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException(name + " must be a day as yyyy-mm-dd (e.g. 2025-07-01), was '" + value + "'");
        }
    }

    /** A count for every served data set and none other, each at least the data set's minimum. */
    private static Map<String, Integer> checked(Map<String, Integer> recordsPerCompany) {
        if (recordsPerCompany == null || !recordsPerCompany.keySet().equals(Set.copyOf(DataTypes.NAMES))) {
            throw new IllegalArgumentException("recordsPerCompany must give a count for each of " + DataTypes.NAMES
                    + ", was " + recordsPerCompany);
        }
        Map<String, Integer> ordered = new LinkedHashMap<>();
        for (String dataType : DataTypes.NAMES) {
            Integer count = recordsPerCompany.get(dataType);
            int minimum = DataTypes.minimumSize(dataType);
            if (count == null || count < minimum) {
                throw new IllegalArgumentException("recordsPerCompany." + dataType + " must be at least " + minimum
                        + (minimum > 0 ? " (other data sets refer to its first " + minimum + " records)" : "")
                        + ", was " + count);
            }
            ordered.put(dataType, count);
        }
        return Collections.unmodifiableMap(ordered);
    }

    /** Invoices of every company. */
    public int invoicesPerCompany() {
        return recordsPerCompany.get("invoices");
    }

    /** Records of {@code dataType} of every company. */
    public int recordsPerCompany(String dataType) {
        DataTypes.require(dataType);
        return recordsPerCompany.get(dataType);
    }

    public SandboxSettings withHost(String newHost) {
        return copy(settings -> settings.host = newHost);
    }

    public SandboxSettings withPort(int newPort) {
        return copy(settings -> settings.port = newPort);
    }

    public SandboxSettings withCompanies(int newCompanies) {
        return copy(settings -> settings.companies = newCompanies);
    }

    public SandboxSettings withInvoicesPerCompany(int newInvoicesPerCompany) {
        return withRecordsPerCompany("invoices", newInvoicesPerCompany);
    }

    /** Every company serves {@code count} records of {@code dataType}, one of {@link DataTypes#NAMES}. */
    public SandboxSettings withRecordsPerCompany(String dataType, int count) {
        DataTypes.require(dataType);
        return copy(settings -> {
            Map<String, Integer> changed = new LinkedHashMap<>(settings.recordsPerCompany);
            changed.put(dataType, count);
            settings.recordsPerCompany = changed;
        });
    }

    public SandboxSettings withSeed(long newSeed) {
        return copy(settings -> settings.seed = newSeed);
    }

    public SandboxSettings withApiKey(String newApiKey) {
        return copy(settings -> settings.apiKey = newApiKey);
    }

    /** Every time-driven behaviour reads this clock; pass one you can move to test waits without sleeping. */
    public SandboxSettings withClock(Clock newClock) {
        return copy(settings -> settings.clock = newClock);
    }

    /** {@code false} for a paid account, which has none of the free-trial limits of CONTRACT.md §8. */
    public SandboxSettings withFreeTrial(boolean newFreeTrial) {
        return copy(settings -> settings.freeTrial = newFreeTrial);
    }

    /** Records as of {@code newAsOf}; a fixed day serves the same bytes on any day, as tests of dates need; null: the clock's. */
    public SandboxSettings withAsOf(LocalDate newAsOf) {
        return copy(settings -> settings.asOf = newAsOf);
    }

    /** The account's age at start; a free trial older than 365 days answers every request with 402. */
    public SandboxSettings withAccountAge(Duration newAccountAge) {
        return copy(settings -> settings.accountAge = newAccountAge);
    }

    /** A copy with one change: each with-er names its component once, and the constructor is called in one place. */
    private SandboxSettings copy(Consumer<Components> change) {
        Components components = new Components(this);
        change.accept(components);
        return components.settings();
    }

    /** The components of a record being copied, open to change before they become settings (and are checked). */
    private static final class Components {
        private String host;
        private int port;
        private int companies;
        private Map<String, Integer> recordsPerCompany;
        private long seed;
        private String apiKey;
        private Clock clock;
        private boolean freeTrial;
        private Duration accountAge;
        private LocalDate asOf;

        private Components(SandboxSettings from) {
            host = from.host;
            port = from.port;
            companies = from.companies;
            recordsPerCompany = from.recordsPerCompany;
            seed = from.seed;
            apiKey = from.apiKey;
            clock = from.clock;
            freeTrial = from.freeTrial;
            accountAge = from.accountAge;
            asOf = from.asOf;
        }

        private SandboxSettings settings() {
            return new SandboxSettings(host, port, companies, recordsPerCompany, seed, apiKey, clock, freeTrial,
                    accountAge, asOf);
        }
    }

    /** Keeps the key out of logs and exception messages even when it is a real one. */
    @Override
    public String toString() {
        return "SandboxSettings[host=" + host + ", port=" + port + ", companies=" + companies
                + ", recordsPerCompany=" + recordsPerCompany + ", seed=" + seed + ", apiKey=<hidden>, clock="
                + clock + ", freeTrial=" + freeTrial + ", accountAge=" + accountAge + ", asOf=" + asOf + "]";
    }
}
