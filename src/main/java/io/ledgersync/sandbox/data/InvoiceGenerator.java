package io.ledgersync.sandbox.data;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** Makes invoice {@code index} of a company; a pure function of (seed, company index, invoice index). */
final class InvoiceGenerator {

    /** Customers, items and tax rates per company: few enough that records share them, as real ledgers do. */
    static final int CUSTOMERS_PER_COMPANY = 40;

    private record CatalogItem(String name, long minCents, long maxCents) {
    }

    private record TaxRate(String name, long percent) {
    }

    private static final List<CatalogItem> ITEMS = List.of(
            new CatalogItem("Consulting hours", 6_000, 18_000),
            new CatalogItem("Annual support plan", 120_000, 600_000),
            new CatalogItem("Hinged gully grating", 2_500, 45_000),
            new CatalogItem("Oak desk lamp", 1_500, 9_000),
            new CatalogItem("Site survey", 25_000, 150_000),
            new CatalogItem("Shipping pallet", 800, 4_000),
            new CatalogItem("Software licence", 5_000, 90_000),
            new CatalogItem("Catering for 20", 30_000, 80_000),
            new CatalogItem("Print run, 500 leaflets", 9_000, 30_000),
            new CatalogItem("Training day", 45_000, 160_000));
    // Standard appears three times so that most lines carry tax, as in a real sales ledger.
    private static final List<TaxRate> TAX_RATES = List.of(
            new TaxRate("Standard (20%)", 20), new TaxRate("Standard (20%)", 20), new TaxRate("Standard (20%)", 20),
            new TaxRate("Reduced (5%)", 5), new TaxRate("Zero rated (0%)", 0));
    private static final List<String> FIRST_NAMES = List.of(
            "Jensen", "Keara", "Trey", "Amara", "Bilal", "Chloe", "Dmitri", "Elif", "Farah", "Gus");
    private static final List<String> LAST_NAMES = List.of(
            "Steuber", "Leffler", "Research", "Okafor", "Hughes", "Moreau", "Novak", "Sato", "Quinn", "Ibsen");
    private static final List<String> CUSTOMER_KINDS = List.of("Ltd", "Partners", "Holdings", "", "", "");
    private static final List<String> OTHER_CURRENCIES = List.of("GBP", "USD", "EUR");
    private static final List<Integer> PAYMENT_TERMS_DAYS = List.of(7, 14, 30, 30, 30, 45, 60);
    private static final List<String> NOTES = List.of(
            "Thank you for your business.", "Payment by bank transfer, please quote the invoice number.",
            "Goods remain our property until paid in full.");

    private final long seed;

    InvoiceGenerator(long seed) {
        this.seed = seed;
    }

    Invoice generate(Company company, int index) {
        SeededRandom random = new SeededRandom(seed, SeededRandom.INVOICE, company.index(), index);
        String id = random.uuid();
        Invoice.Reference customer = customer(company.index(), random.nextInt(CUSTOMERS_PER_COMPANY));
        LocalDate issueDate = DateTimes.AS_OF_DATE.minusDays(random.between(1, 540));
        LocalDate dueDate = issueDate.plusDays(random.pick(PAYMENT_TERMS_DAYS));
        InvoiceStatus status = status(random);

        List<Invoice.LineItem> lines = new ArrayList<>(3);
        int lineCount = 1 + random.nextInt(3);
        long gross = 0;
        long discount = 0;
        long subTotal = 0;
        long tax = 0;
        for (int line = 0; line < lineCount; line++) {
            Invoice.LineItem item = lineItem(company.index(), random);
            lines.add(item);
            gross += item.unitAmountCents() * item.quantity();
            discount += item.discountAmountCents();
            subTotal += item.subTotalCents();
            tax += item.taxAmountCents();
        }
        long total = subTotal + tax;
        long amountDue = switch (status) {
            case Paid, Void -> 0;
            case PartiallyPaid -> random.between(1, total - 1);
            case Unknown, Draft, Submitted -> total;
        };

        LocalDate paidOnDate = null;
        if (status == InvoiceStatus.Paid) {
            paidOnDate = issueDate.plusDays(random.between(0, 75));
            if (!paidOnDate.isBefore(DateTimes.AS_OF_DATE)) {
                paidOnDate = DateTimes.AS_OF_DATE.minusDays(1);
            }
        }
        Instant lastEvent = DateTimes.instant(paidOnDate != null ? paidOnDate : issueDate);
        Instant modified = lastEvent.plusSeconds(random.between(3_600, Duration.ofDays(45).toSeconds()));
        if (modified.isAfter(DateTimes.AS_OF)) {
            modified = DateTimes.AS_OF.minusSeconds(random.between(1, Duration.ofDays(1).toSeconds()));
        }
        // The provider's own edit precedes our copy of it; some providers do not report it at all.
        Instant sourceModified = random.percent(85)
                ? max(lastEvent, modified.minusSeconds(random.between(60, Duration.ofDays(3).toSeconds())))
                : null;

        boolean foreign = random.percent(12);
        String currency = foreign ? random.pick(OTHER_CURRENCIES) : company.baseCurrency();
        long rate = currency.equals(company.baseCurrency()) ? 10_000 : random.between(6_000, 16_000);
        String note = random.percent(30) ? random.pick(NOTES) : null;
        boolean deleted = random.percent(2);
        long discountPercentage = gross == 0 ? 0 : (discount * 10_000 + gross / 2) / gross;

        return new Invoice(id, "INV-" + String.format("%06d", index + 1), customer, issueDate, dueDate, paidOnDate,
                modified, sourceModified, currency, rate, List.copyOf(lines), discount, subTotal, tax, total,
                amountDue, discountPercentage, status, note, deleted);
    }

    /** Customer {@code k} of a company; its own stream so every invoice to it names it the same way. */
    Invoice.Reference customer(int companyIndex, int k) {
        SeededRandom random = new SeededRandom(seed, SeededRandom.CUSTOMER, companyIndex, k);
        String id = random.uuid();
        String kind = random.pick(CUSTOMER_KINDS);
        String name = random.pick(FIRST_NAMES) + " " + random.pick(LAST_NAMES) + (kind.isEmpty() ? "" : " " + kind);
        return new Invoice.Reference(id, name);
    }

    private Invoice.LineItem lineItem(int companyIndex, SeededRandom random) {
        int itemIndex = random.nextInt(ITEMS.size());
        CatalogItem catalogItem = ITEMS.get(itemIndex);
        int taxIndex = random.nextInt(TAX_RATES.size());
        TaxRate taxRate = TAX_RATES.get(taxIndex);
        long unit = random.between(catalogItem.minCents(), catalogItem.maxCents());
        int quantity = 1 + random.nextInt(12);
        long discountPercent = random.percent(20) ? 5L * (1 + random.nextInt(3)) : 0;
        long gross = unit * quantity;
        long discount = Decimals.percentOf(gross, discountPercent);
        long subTotal = gross - discount;
        long tax = Decimals.percentOf(subTotal, taxRate.percent());
        return new Invoice.LineItem(
                catalogItem.name() + " x" + quantity,
                unit,
                quantity,
                discount,
                discountPercent,
                subTotal,
                tax,
                subTotal + tax,
                new Invoice.Reference(new SeededRandom(seed, SeededRandom.ACCOUNT, companyIndex, 0).uuid(), "Sales"),
                new Invoice.Reference(
                        new SeededRandom(seed, SeededRandom.TAX_RATE, companyIndex, taxRate.percent()).uuid(),
                        taxRate.name()),
                taxRate.percent(),
                new Invoice.Reference(
                        new SeededRandom(seed, SeededRandom.ITEM, companyIndex, itemIndex).uuid(), catalogItem.name()));
    }

    /** Roughly a live sales ledger: mostly paid or open, a few drafts, voids and unknowns. */
    private static InvoiceStatus status(SeededRandom random) {
        int roll = random.nextInt(100);
        if (roll < 45) {
            return InvoiceStatus.Paid;
        } else if (roll < 70) {
            return InvoiceStatus.Submitted;
        } else if (roll < 82) {
            return InvoiceStatus.PartiallyPaid;
        } else if (roll < 90) {
            return InvoiceStatus.Draft;
        } else if (roll < 95) {
            return InvoiceStatus.Void;
        }
        return InvoiceStatus.Unknown;
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
