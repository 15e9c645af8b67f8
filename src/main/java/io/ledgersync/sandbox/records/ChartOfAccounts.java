package io.ledgersync.sandbox.records;

import java.util.List;

/**
 * The standard chart every company's {@code accounts} data set starts with, in nominal-code order of a small
 * business ledger; line items, payments and the chart itself all name these accounts. A company with more accounts
 * than the chart has sub-accounts of operating expenses after it.
 */
final class ChartOfAccounts {

    /** One account of the chart: {@code type} and {@code fullyQualifiedCategory} as the platform spells them. */
    record Entry(String nominalCode, String name, String type, String category, boolean bank, String description) {
    }

    static final List<Entry> STANDARD = List.of(
            new Entry("4000", "Sales", "Income", "Income.Revenue", false, "Goods sold to customers."),
            new Entry("4010", "Services revenue", "Income", "Income.Revenue", false, "Consulting, support, training."),
            new Entry("4900", "Other income", "Income", "Income.Other", false, "Income outside the main trade."),
            new Entry("5000", "Cost of goods sold", "Expense", "Expense.CostOfSales", false, "Stock bought for resale."),
            new Entry("6000", "Rent", "Expense", "Expense.Operating", false, "Office and warehouse rent."),
            new Entry("6100", "Utilities", "Expense", "Expense.Operating", false, "Electricity, water, gas."),
            new Entry("6200", "Office supplies", "Expense", "Expense.Operating", false, "Stationery and consumables."),
            new Entry("6300", "Travel", "Expense", "Expense.Operating", false, "Fares, hotels, mileage."),
            new Entry("6400", "Professional fees", "Expense", "Expense.Operating", false, "Legal and accountancy."),
            new Entry("6500", "Software subscriptions", "Expense", "Expense.Operating", false, "SaaS and licences."),
            new Entry("6600", "Advertising", "Expense", "Expense.Operating", false, "Online and print advertising."),
            new Entry("6700", "Repairs and maintenance", "Expense", "Expense.Operating", false, "Upkeep of premises."),
            new Entry("6800", "Freight and courier", "Expense", "Expense.Operating", false, "Deliveries and postage."),
            new Entry("7000", "Wages and salaries", "Expense", "Expense.Payroll", false, "Gross pay of employees."),
            new Entry("1200", "Business current account", "Asset", "Asset.Current.Bank", true, "Main bank account."),
            new Entry("1210", "Business savings account", "Asset", "Asset.Current.Bank", true, "Reserve account."),
            new Entry("1100", "Accounts receivable", "Asset", "Asset.Current", false, "Invoices not yet collected."),
            new Entry("1300", "Inventory", "Asset", "Asset.Current", false, "Stock on hand."),
            new Entry("1500", "Office equipment", "Asset", "Asset.Fixed", false, "Computers and furniture."),
            new Entry("2100", "Accounts payable", "Liability", "Liability.Current", false, "Bills not yet paid."),
            new Entry("2200", "VAT control", "Liability", "Liability.Current", false, "Sales tax owed less reclaimed."),
            new Entry("2300", "Company credit card", "Liability", "Liability.Current", false, "Card balance."),
            new Entry("3000", "Share capital", "Equity", "Equity.Capital", false, "Shares issued."),
            new Entry("3100", "Retained earnings", "Equity", "Equity.RetainedEarnings", false, "Profits kept."));

    // Positions in STANDARD that generators refer to by meaning.
    static final int SALES = 0;
    static final int SERVICES_REVENUE = 1;
    static final int COST_OF_GOODS_SOLD = 3;
    static final int RENT = 4;
    static final int UTILITIES = 5;
    static final int OFFICE_SUPPLIES = 6;
    static final int TRAVEL = 7;
    static final int PROFESSIONAL_FEES = 8;
    static final int SOFTWARE = 9;
    static final int ADVERTISING = 10;
    static final int REPAIRS = 11;
    static final int FREIGHT = 12;
    static final int CURRENT_ACCOUNT = 14;

    private ChartOfAccounts() {
    }

    /** Account {@code index} of a company: the standard entry, or a numbered sub-account of operating expenses. */
    static Entry entry(int index) {
        if (index < STANDARD.size()) {
            return STANDARD.get(index);
        }
        int number = index - STANDARD.size() + 1;
        return new Entry(String.valueOf(8000 + number), "Sundry expenses " + number, "Expense",
                "Expense.Operating", false, "Sub-account " + number + " of operating expenses.");
    }
}
