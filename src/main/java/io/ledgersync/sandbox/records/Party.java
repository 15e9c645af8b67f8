package io.ledgersync.sandbox.records;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

/**
 * What a customer and a supplier both have besides their id and name: a contact, one billing address, registration
 * and tax numbers, a status and the change dates.
 */
record Party(
        String contactName,
        String emailAddress,
        String phone,
        Address address,
        String registrationNumber,
        String taxNumber,
        String status,
        Instant modifiedDate,
        Instant sourceModifiedDate,
        boolean deleted) {

    private static final List<String> CITIES = List.of("Leeds", "Bristol", "Austin", "Dublin", "Lyon", "Perth");
    private static final List<String> COUNTRIES = List.of("United Kingdom", "United Kingdom", "United States",
            "Ireland", "France", "Australia");
    private static final List<String> STREETS = List.of("High Street", "Station Road", "Mill Lane", "Church Road",
            "Market Square", "Harbour Way");
    private static final List<String> CONTACT_SURNAMES = List.of("Reid", "Patel", "Ng", "Costa");

    /** The details of the party named {@code name}, drawn from its own stream. */
    static Party generate(SeededRandom random, String name, LocalDate asOf) {
        int place = random.nextInt(CITIES.size());
        String contact = name.split(" ")[0] + " " + random.pick(CONTACT_SURNAMES);
        String domain = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z]+", "") + ".example";
        Instant modified = DateTimes.instant(asOf).minusSeconds(random.between(3_600, Duration.ofDays(400).toSeconds()));
        Instant sourceModified = random.percent(80) ? modified.minusSeconds(random.between(60, 86_400)) : null;
        return new Party(
                contact,
                random.percent(90) ? "accounts@" + domain : null,
                random.percent(70) ? "+44 20 " + (7000_0000 + random.nextInt(999_9999)) : null,
                new Address((1 + random.nextInt(220)) + " " + random.pick(STREETS), CITIES.get(place), null,
                        COUNTRIES.get(place), String.format("%05d", random.nextInt(100_000))),
                random.percent(60) ? String.format("%08d", random.nextInt(100_000_000)) : null,
                random.percent(50) ? "GB" + String.format("%09d", random.nextInt(1_000_000_000)) : null,
                random.percent(10) ? "Archived" : "Active",
                modified,
                sourceModified,
                random.percent(2));
    }

    /** The same party as changed by the platform at {@code when}: a new modifiedDate, a new contact. */
    Party revised(Instant when, int revision, boolean nowDeleted) {
        return new Party(contactName + " (rev " + revision + ")", emailAddress, phone, address, registrationNumber,
                taxNumber, status, when, when, deleted || nowDeleted);
    }
}
