package io.ledgersync.sandbox.records;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Makes company {@code index} of a seed; the same inputs always give an equal company. */
final class CompanyGenerator {

    /** An accounting platform with the fixed ids that every company linked to it shares. */
    private record Platform(String name, String key, String integrationId, String sourceId) {
    }

    private static final List<Platform> PLATFORMS = List.of(
            new Platform("Xero", "gbol",
                    "8a156a5a-39cb-4f9d-856e-76ef9b9a9607", "9b8d4ba4-0d7b-4d9b-b4f1-6a6c6d6a1b01"),
            new Platform("QuickBooks Online", "qhyg",
                    "2f3c6e5b-1a40-4c8e-9a77-3f5d2b8e4c02", "1c5e7a9b-3d2f-4e6a-8b1c-0d9e8f7a6b02"),
            new Platform("Sage Intacct", "knfz",
                    "5d7e9f1a-2b3c-4d5e-8f6a-7b8c9d0e1f03", "3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a603"),
            new Platform("NetSuite", "akxx",
                    "6e8f0a2b-3c4d-4e5f-9a7b-8c9d0e1f2a04", "4f5a6b7c-8d9e-4fa0-b1c2-d3e4f5a6b704"),
            new Platform("FreshBooks", "dfxm",
                    "7f9a1b3c-4d5e-4f6a-8b8c-9d0e1f2a3b05", "5a6b7c8d-9e0f-4a1b-82c3-e4f5a6b7c805"));

    private static final List<String> FIRST = List.of(
            "Northwind", "Blue Harbour", "Cedar", "Granite", "Lumen", "Marlow", "Oakridge", "Pinnacle",
            "Quayside", "Redfern", "Silverline", "Thistle", "Upland", "Vantage", "Willow", "Yarrow");
    private static final List<String> SECOND = List.of(
            "Traders", "Bakery", "Engineering", "Logistics", "Studios", "Consulting", "Outfitters", "Foods",
            "Builders", "Analytics", "Print Works", "Gardens");
    private static final List<String> SUFFIX = List.of("Ltd", "LLC", "Inc.", "GmbH", "& Co.", "Ltd");
    private static final List<String> CURRENCIES = List.of("GBP", "GBP", "USD", "USD", "EUR", "AUD", "CAD");
    private static final List<String> REGIONS = List.of("uk", "us", "eu", "apac");
    private static final List<String> SEGMENTS = List.of("smb", "mid-market", "enterprise");
    private static final List<String> USERS = List.of("sam.okafor", "ana.lima", "li.wei", "jo.barnes");
    /** Companies were created within the 540 days from this long before the "as of" day (2023-01-01 for 2025-07-01). */
    private static final Duration EARLIEST_CREATED_BEFORE_AS_OF = Duration.ofDays(912);

    private final long seed;
    private final Instant asOf;

    CompanyGenerator(long seed, LocalDate asOf) {
        this.seed = seed;
        this.asOf = DateTimes.instant(asOf);
    }

    Company generate(int index) {
        SeededRandom random = new SeededRandom(seed, SeededRandom.COMPANY, index);
        String id = random.uuid();
        String name = random.pick(FIRST) + " " + random.pick(SECOND) + " " + random.pick(SUFFIX);
        Platform platform = random.pick(PLATFORMS);
        String currency = random.pick(CURRENCIES);
        Instant created = asOf.minus(EARLIEST_CREATED_BEFORE_AS_OF).plusSeconds(random.between(0, Duration.ofDays(540).toSeconds()));
        Instant lastSync = asOf.minusSeconds(random.between(60, Duration.ofDays(3).toSeconds()));
        String description = random.percent(70)
                ? name + " invoices in " + currency + " through " + platform.name() + "."
                : null;
        List<String> products = random.percent(40) ? List.of("lending", "spend-insights") : List.of("lending");
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("region", random.pick(REGIONS));
        tags.put("segment", random.pick(SEGMENTS));
        String connectionId = random.uuid();
        Company.Connection connection = new Company.Connection(
                connectionId,
                platform.integrationId(),
                platform.key(),
                platform.sourceId(),
                platform.name(),
                "https://link-api.sandbox.invalid/companies/" + id + "/connections/" + connectionId + "/start",
                "Linked",
                lastSync,
                created.plusSeconds(random.between(60, Duration.ofDays(2).toSeconds())),
                "Accounting");
        return new Company(
                index,
                id,
                name,
                description,
                platform.name(),
                "https://link.sandbox.invalid/company/" + id,
                lastSync,
                created,
                random.pick(USERS),
                products,
                Collections.unmodifiableMap(tags),
                currency,
                connection);
    }
}
