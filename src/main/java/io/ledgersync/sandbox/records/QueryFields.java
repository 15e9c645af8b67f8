package io.ledgersync.sandbox.records;

import java.math.BigDecimal;
import java.util.Map;
import java.util.function.Function;

/** The properties a {@code query} may name on each data set, spelled as in the served JSON. */
final class QueryFields {

    static final Map<String, Field<Company>> COMPANY = new Field.Table<Company>()
            .string("id", Company::id)
            .string("name", Company::name)
            .string("description", Company::description)
            .string("platform", Company::platform)
            .string("createdByUserName", Company::createdByUserName)
            .date("created", Company::created)
            .date("lastSync", Company::lastSync)
            .build();

    static final Map<String, Field<Invoice>> INVOICE = document(new Field.Table<Invoice>(), Invoice::document,
            "invoiceNumber", "customerRef", "companyName", "totalTaxAmount")
            .date("dueDate", invoice -> DateTimes.instant(invoice.dueDate()))
            .date("paidOnDate",
                    invoice -> invoice.paidOnDate() == null ? null : DateTimes.instant(invoice.paidOnDate()))
            .number("totalDiscount", invoice -> money(invoice.document().lines().discountCents()))
            .number("amountDue", invoice -> money(invoice.amountDueCents()))
            .number("discountPercentage",
                    invoice -> money(invoice.document().lines().discountPercentageScale2()))
            .string("status", invoice -> invoice.status().name())
            .build();

    static final Map<String, Field<Customer>> CUSTOMER = party(new Field.Table<Customer>()
            .string("id", Customer::id)
            .string("customerName", Customer::customerName)
            .string("defaultCurrency", Customer::defaultCurrency), Customer::party);

    static final Map<String, Field<Supplier>> SUPPLIER = party(new Field.Table<Supplier>()
            .string("id", Supplier::id)
            .string("supplierName", Supplier::supplierName)
            .string("defaultCurrency", Supplier::defaultCurrency), Supplier::party);

    static final Map<String, Field<Bill>> BILL = document(new Field.Table<Bill>(), Bill::document, "reference",
            "supplierRef", "supplierName", "taxAmount")
            .date("dueDate", bill -> DateTimes.instant(bill.dueDate()))
            .number("amountDue", bill -> money(bill.amountDueCents()))
            .string("status", bill -> bill.status().name())
            .build();

    static final Map<String, Field<CreditNote>> CREDIT_NOTE = document(new Field.Table<CreditNote>(),
            CreditNote::document, "creditNoteNumber", "customerRef", "companyName", "totalTaxAmount")
            .date("allocatedOnDate",
                    note -> note.allocatedOnDate() == null ? null : DateTimes.instant(note.allocatedOnDate()))
            .number("totalDiscount", note -> money(note.document().lines().discountCents()))
            .number("discountPercentage", note -> money(note.document().lines().discountPercentageScale2()))
            .number("remainingCredit", note -> money(note.remainingCreditCents()))
            .string("status", note -> note.status().name())
            .build();

    static final Map<String, Field<LedgerAccount>> ACCOUNT = new Field.Table<LedgerAccount>()
            .string("id", LedgerAccount::id)
            .string("nominalCode", account -> account.entry().nominalCode())
            .string("name", account -> account.entry().name())
            .string("description", account -> account.entry().description())
            .string("fullyQualifiedCategory", account -> account.entry().category())
            .string("fullyQualifiedName", account -> account.entry().category() + "." + account.entry().name())
            .string("currency", LedgerAccount::currency)
            .number("currentBalance", account -> Decimals.decimal(account.currentBalanceCents(), 2))
            .string("type", account -> account.entry().type())
            .string("status", LedgerAccount::status)
            .bool("isBankAccount", account -> account.entry().bank())
            .date("modifiedDate", LedgerAccount::modifiedDate)
            .date("sourceModifiedDate", LedgerAccount::sourceModifiedDate)
            .bool("metadata.isDeleted", LedgerAccount::deleted)
            .build();

    /**
     * The fields invoices, credit notes and bills share, as each spells them: its number, its customer or supplier
     * reference ({@code customerRef.companyName}, {@code supplierRef.supplierName}) and its tax total.
     */
    private static <T> Field.Table<T> document(Field.Table<T> table, Function<T, Document> document, String number,
            String reference, String referenceName, String taxTotal) {
        return table
                .string("id", record -> document.apply(record).id())
                .string(number, record -> document.apply(record).number())
                .string(reference + ".id", record -> document.apply(record).counterparty().id())
                .string(reference + "." + referenceName, record -> document.apply(record).counterparty().name())
                .date("issueDate", record -> DateTimes.instant(document.apply(record).issueDate()))
                .date("modifiedDate", record -> document.apply(record).modifiedDate())
                .date("sourceModifiedDate", record -> document.apply(record).sourceModifiedDate())
                .string("currency", record -> document.apply(record).currency())
                .number("currencyRate", record -> Decimals.decimal(document.apply(record).currencyRateScale4(), 4))
                .number("subTotal", record -> money(document.apply(record).lines().subTotalCents()))
                .number(taxTotal, record -> money(document.apply(record).lines().taxCents()))
                .number("totalAmount", record -> money(document.apply(record).lines().totalCents()))
                .string("note", record -> document.apply(record).note())
                .bool("metadata.isDeleted", record -> document.apply(record).deleted());
    }

    private static BigDecimal money(long cents) {
        return Decimals.decimal(cents, 2);
    }

    /** Adds the fields customers and suppliers share, read from their {@link Party}. */
    private static <T> Map<String, Field<T>> party(Field.Table<T> table, Function<T, Party> party) {
        return table
                .string("contactName", record -> party.apply(record).contactName())
                .string("emailAddress", record -> party.apply(record).emailAddress())
                .string("phone", record -> party.apply(record).phone())
                .string("registrationNumber", record -> party.apply(record).registrationNumber())
                .string("taxNumber", record -> party.apply(record).taxNumber())
                .string("status", record -> party.apply(record).status())
                .date("modifiedDate", record -> party.apply(record).modifiedDate())
                .date("sourceModifiedDate", record -> party.apply(record).sourceModifiedDate())
                .bool("metadata.isDeleted", record -> party.apply(record).deleted())
                .build();
    }

    private QueryFields() {
    }
}
