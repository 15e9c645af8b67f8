package io.ledgersync.sandbox.records;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The lines of a document (invoice, credit note, bill) and their sums, drawn from the document's own random
 * stream. The number of lines varies as in a real ledger: mostly one to three, now and then a dozen.
 */
record Lines(List<LineItem> items, long grossCents, long discountCents, long subTotalCents, long taxCents) {

    long totalCents() {
        return subTotalCents + taxCents;
    }

    /** Percent of the gross given as discount, at scale 2 ({@code 5.00} is {@code 500}). */
    long discountPercentageScale2() {
        return grossCents == 0 ? 0 : (discountCents * 10_000 + grossCents / 2) / grossCents;
    }

    /**
     * The lines with the last two merged into one, the others as they were: one line fewer, the same sums (the
     * merged line is quantity 1 at the two lines' gross, their discount, sub-total, tax and total together, on the
     * first one's account, tax rate and item). A document of one line keeps it. What a revision at the platform does
     * to a document's lines, so that a client sees lines change and go (issue 15: child rows replaced exactly).
     */
    Lines amended() {
        if (items.size() < 2) {
            return this;
        }
        LineItem first = items.get(items.size() - 2);
        LineItem second = items.get(items.size() - 1);
        long gross = first.unitAmountCents() * first.quantity() + second.unitAmountCents() * second.quantity();
        long discount = first.discountAmountCents() + second.discountAmountCents();
        LineItem merged = new LineItem(first.description() + "; " + second.description(), gross, 1, discount,
                gross == 0 ? 0 : (discount * 100 + gross / 2) / gross, first.subTotalCents() + second.subTotalCents(),
                first.taxAmountCents() + second.taxAmountCents(), first.totalCents() + second.totalCents(), first.account(),
                first.taxRate(), first.effectiveTaxRate(), first.item());
        List<LineItem> lines = new ArrayList<>(items.subList(0, items.size() - 2));
        lines.add(merged);
        return new Lines(List.copyOf(lines), grossCents, discountCents, subTotalCents, taxCents);
    }

    /** Lines of sales items, each posted to the item's income account. */
    static Lines sales(Ledger ledger, int companyIndex, SeededRandom random) {
        return draw(ledger, companyIndex, random, Ledger.SALES,
                itemIndex -> ledger.salesItem(companyIndex, itemIndex));
    }

    /** Lines of purchases, each posted to the item's cost or expense account. */
    static Lines purchases(Ledger ledger, int companyIndex, SeededRandom random) {
        return draw(ledger, companyIndex, random, Ledger.PURCHASES,
                itemIndex -> ledger.purchaseItem(companyIndex, itemIndex));
    }

    private static Lines draw(Ledger ledger, int companyIndex, SeededRandom random, List<Ledger.CatalogItem> catalog,
            IntFunction<Reference> item) {
        int count = count(random);
        List<LineItem> lines = new ArrayList<>(count);
        long gross = 0;
        long discount = 0;
        long subTotal = 0;
        long tax = 0;
        for (int i = 0; i < count; i++) {
            int itemIndex = random.nextInt(catalog.size());
            Ledger.CatalogItem catalogItem = catalog.get(itemIndex);
            Ledger.TaxRate taxRate = random.pick(Ledger.TAX_RATES);
            long unit = random.between(catalogItem.minCents(), catalogItem.maxCents());
            int quantity = 1 + random.nextInt(12);
            long discountPercent = random.percent(20) ? 5L * (1 + random.nextInt(3)) : 0;
            long lineGross = unit * quantity;
            long lineDiscount = Decimals.percentOf(lineGross, discountPercent);
            long lineSubTotal = lineGross - lineDiscount;
            long lineTax = Decimals.percentOf(lineSubTotal, taxRate.percent());
            lines.add(new LineItem(catalogItem.name() + " x" + quantity, unit, quantity, lineDiscount,
                    discountPercent, lineSubTotal, lineTax, lineSubTotal + lineTax,
                    ledger.account(companyIndex, catalogItem.account()), ledger.taxRate(companyIndex, taxRate),
                    taxRate.percent(), item.apply(itemIndex)));
            gross += lineGross;
            discount += lineDiscount;
            subTotal += lineSubTotal;
            tax += lineTax;
        }
        return new Lines(List.copyOf(lines), gross, discount, subTotal, tax);
    }

    /** 1 line 30%, 2: 25%, 3: 17%, 4: 12%, 5: 7%, 6: 4%, 7 to 12: 5%. */
    private static int count(SeededRandom random) {
        int roll = random.nextInt(100);
        if (roll < 30) {
            return 1;
        } else if (roll < 55) {
            return 2;
        } else if (roll < 72) {
            return 3;
        } else if (roll < 84) {
            return 4;
        } else if (roll < 91) {
            return 5;
        } else if (roll < 95) {
            return 6;
        }
        return 7 + random.nextInt(6);
    }
}
