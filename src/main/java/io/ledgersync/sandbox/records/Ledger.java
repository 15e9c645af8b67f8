package io.ledgersync.sandbox.records;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * What the records of one seed share: how many records each data set has per company, and the reference data that
 * records point at (customers, suppliers, accounts, items, tax rates), each a pure function of (seed, company
 * index, k) so that every record naming it names it the same way, and the data set serving it serves the same.
 */
final class Ledger {

    /** A tax rate as lines name it; the same percent is the same rate (same id) throughout a company. */
    record TaxRate(String name, long percent) {
    }

    /** Something a line may sell or buy, with its price range and the account it posts to. */
    record CatalogItem(String name, long minCents, long maxCents, int account) {
    }

    /** What a company sells: invoices and credit notes post to income accounts. */
    static final List<CatalogItem> SALES = List.of(
            new CatalogItem("Consulting hours", 6_000, 18_000, ChartOfAccounts.SERVICES_REVENUE),
            new CatalogItem("Annual support plan", 120_000, 600_000, ChartOfAccounts.SERVICES_REVENUE),
            new CatalogItem("Hinged gully grating", 2_500, 45_000, ChartOfAccounts.SALES),
            new CatalogItem("Oak desk lamp", 1_500, 9_000, ChartOfAccounts.SALES),
            new CatalogItem("Site survey", 25_000, 150_000, ChartOfAccounts.SERVICES_REVENUE),
            new CatalogItem("Shipping pallet", 800, 4_000, ChartOfAccounts.SALES),
            new CatalogItem("Software licence", 5_000, 90_000, ChartOfAccounts.SALES),
            new CatalogItem("Catering for 20", 30_000, 80_000, ChartOfAccounts.SERVICES_REVENUE),
            new CatalogItem("Print run, 500 leaflets", 9_000, 30_000, ChartOfAccounts.SALES),
            new CatalogItem("Training day", 45_000, 160_000, ChartOfAccounts.SERVICES_REVENUE));

    /** What a company buys: bills post to cost and expense accounts. */
    static final List<CatalogItem> PURCHASES = List.of(
            new CatalogItem("Office rent, one month", 150_000, 600_000, ChartOfAccounts.RENT),
            new CatalogItem("Electricity", 8_000, 60_000, ChartOfAccounts.UTILITIES),
            new CatalogItem("Printer paper, 5 boxes", 2_000, 6_000, ChartOfAccounts.OFFICE_SUPPLIES),
            new CatalogItem("Rail tickets", 3_000, 40_000, ChartOfAccounts.TRAVEL),
            new CatalogItem("Legal advice", 20_000, 250_000, ChartOfAccounts.PROFESSIONAL_FEES),
            new CatalogItem("Accounting software seat", 1_500, 9_000, ChartOfAccounts.SOFTWARE),
            new CatalogItem("Search advertising", 10_000, 200_000, ChartOfAccounts.ADVERTISING),
            new CatalogItem("Boiler service", 9_000, 35_000, ChartOfAccounts.REPAIRS),
            new CatalogItem("Courier deliveries", 1_200, 15_000, ChartOfAccounts.FREIGHT),
            new CatalogItem("Stock for resale", 5_000, 120_000, ChartOfAccounts.COST_OF_GOODS_SOLD));

    // Standard appears three times so that most lines carry tax, as in a real ledger.
    static final List<TaxRate> TAX_RATES = List.of(
            new TaxRate("Standard (20%)", 20), new TaxRate("Standard (20%)", 20), new TaxRate("Standard (20%)", 20),
            new TaxRate("Reduced (5%)", 5), new TaxRate("Zero rated (0%)", 0));

    private static final List<String> FIRST_NAMES = List.of(
            "Jensen", "Keara", "Trey", "Amara", "Bilal", "Chloe", "Dmitri", "Elif", "Farah", "Gus");
    private static final List<String> LAST_NAMES = List.of(
            "Steuber", "Leffler", "Research", "Okafor", "Hughes", "Moreau", "Novak", "Sato", "Quinn", "Ibsen");
    private static final List<String> CUSTOMER_KINDS = List.of("Ltd", "Partners", "Holdings", "", "", "");
    private static final List<String> SUPPLIER_NAMES = List.of(
            "Northgate", "Riverside", "Kestrel", "Bluebell", "Harbour", "Summit", "Ironbridge", "Meadow", "Copperfield",
            "Lantern");
    private static final List<String> SUPPLIER_TRADES = List.of(
            "Office Supplies", "Freight", "Property Management", "Energy", "Legal LLP", "Software", "Media",
            "Facilities", "Wholesale", "Couriers");
    // Purchase items sit after the sales items in the company's item stream, so their ids never collide.
    private static final int PURCHASE_ITEMS_FROM = 100;

    private final long seed;
    private final Map<String, Integer> recordsPerCompany;
    private final LocalDate asOf;

    Ledger(long seed, Map<String, Integer> recordsPerCompany, LocalDate asOf) {
        this.seed = seed;
        this.recordsPerCompany = Map.copyOf(recordsPerCompany);
        this.asOf = asOf;
    }

    long seed() {
        return seed;
    }

    /** The day the records are "as of": every generated date is at or before it, so nothing depends on now(). */
    LocalDate asOf() {
        return asOf;
    }

    /** How many records a data set has per company before any drift. */
    int size(String dataType) {
        Integer size = recordsPerCompany.get(dataType);
        if (size == null) {
            throw new IllegalArgumentException("no record count for data set " + dataType);
        }
        return size;
    }

    /** Customer {@code k} of a company; its own stream so every record naming it names it the same way. */
    Reference customer(int companyIndex, int k) {
        SeededRandom random = new SeededRandom(seed, SeededRandom.CUSTOMER, companyIndex, k);
        String id = random.uuid();
        String kind = random.pick(CUSTOMER_KINDS);
        String name = random.pick(FIRST_NAMES) + " " + random.pick(LAST_NAMES) + (kind.isEmpty() ? "" : " " + kind);
        return new Reference(id, name);
    }

    /** A customer of the company, uniformly among the ones its customers data set serves. */
    Reference anyCustomer(int companyIndex, SeededRandom random) {
        return customer(companyIndex, random.nextInt(size("customers")));
    }

    /** Supplier {@code k} of a company, named like the businesses that send bills. */
    Reference supplier(int companyIndex, int k) {
        SeededRandom random = new SeededRandom(seed, SeededRandom.SUPPLIER, companyIndex, k);
        String id = random.uuid();
        String name = random.pick(SUPPLIER_NAMES) + " " + random.pick(SUPPLIER_TRADES);
        return new Reference(id, name);
    }

    Reference anySupplier(int companyIndex, SeededRandom random) {
        return supplier(companyIndex, random.nextInt(size("suppliers")));
    }

    /** Account {@code index} of the company's chart; always served, since a chart is never smaller than standard. */
    Reference account(int companyIndex, int index) {
        return new Reference(accountId(companyIndex, index), ChartOfAccounts.entry(index).name());
    }

    String accountId(int companyIndex, int index) {
        return new SeededRandom(seed, SeededRandom.ACCOUNT, companyIndex, index).uuid();
    }

    Reference taxRate(int companyIndex, TaxRate rate) {
        return new Reference(new SeededRandom(seed, SeededRandom.TAX_RATE, companyIndex, rate.percent()).uuid(),
                rate.name());
    }

    Reference salesItem(int companyIndex, int itemIndex) {
        return item(companyIndex, itemIndex, SALES.get(itemIndex).name());
    }

    Reference purchaseItem(int companyIndex, int itemIndex) {
        return item(companyIndex, PURCHASE_ITEMS_FROM + itemIndex, PURCHASES.get(itemIndex).name());
    }

    private Reference item(int companyIndex, int itemIndex, String name) {
        return new Reference(new SeededRandom(seed, SeededRandom.ITEM, companyIndex, itemIndex).uuid(), name);
    }
}
