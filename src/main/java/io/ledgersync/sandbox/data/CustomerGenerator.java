package io.ledgersync.sandbox.data;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Makes customer {@code index} of a company, a pure function of (seed, company index, index). The first
 * {@link InvoiceGenerator#CUSTOMERS_PER_COMPANY} customers are exactly the ones invoices refer to (same id and name).
 */
final class CustomerGenerator {

    private static final List<String> CITIES = List.of("Leeds", "Bristol", "Austin", "Dublin", "Lyon", "Perth");
    private static final List<String> COUNTRIES = List.of("United Kingdom", "United Kingdom", "United States",
            "Ireland", "France", "Australia");
    private static final List<String> STREETS = List.of("High Street", "Station Road", "Mill Lane", "Church Road",
            "Market Square", "Harbour Way");

    private final long seed;
    private final InvoiceGenerator invoices;

    CustomerGenerator(long seed, InvoiceGenerator invoices) {
        this.seed = seed;
        this.invoices = invoices;
    }

    Customer generate(Company company, int index) {
        Invoice.Reference reference = invoices.customer(company.index(), index);
        SeededRandom random = new SeededRandom(seed, SeededRandom.CUSTOMER_DETAIL, company.index(), index);
        int place = random.nextInt(CITIES.size());
        String contact = reference.name().split(" ")[0] + " " + random.pick(List.of("Reid", "Patel", "Ng", "Costa"));
        String domain = reference.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z]+", "") + ".example";
        Instant modified = DateTimes.AS_OF.minusSeconds(random.between(3_600, Duration.ofDays(400).toSeconds()));
        Instant sourceModified = random.percent(80) ? modified.minusSeconds(random.between(60, 86_400)) : null;
        return new Customer(
                reference.id(),
                reference.name(),
                contact,
                random.percent(90) ? "accounts@" + domain : null,
                random.percent(70) ? "+44 20 " + (7000_0000 + random.nextInt(999_9999)) : null,
                company.baseCurrency(),
                new Customer.Address((1 + random.nextInt(220)) + " " + random.pick(STREETS), CITIES.get(place),
                        null, COUNTRIES.get(place), String.format("%05d", random.nextInt(100_000))),
                random.percent(60) ? String.format("%08d", random.nextInt(100_000_000)) : null,
                random.percent(50) ? "GB" + String.format("%09d", random.nextInt(1_000_000_000)) : null,
                random.percent(10) ? "Archived" : "Active",
                modified,
                sourceModified,
                random.percent(2));
    }
}
