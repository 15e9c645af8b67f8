package io.ledgersync.sandbox.data;

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

    static final Map<String, Field<Invoice>> INVOICE = new Field.Table<Invoice>()
            .string("id", Invoice::id)
            .string("invoiceNumber", Invoice::invoiceNumber)
            .string("customerRef.id", invoice -> invoice.customer().id())
            .string("customerRef.companyName", invoice -> invoice.customer().name())
            .date("issueDate", invoice -> DateTimes.instant(invoice.issueDate()))
            .date("dueDate", invoice -> DateTimes.instant(invoice.dueDate()))
            .date("paidOnDate",
                    invoice -> invoice.paidOnDate() == null ? null : DateTimes.instant(invoice.paidOnDate()))
            .date("modifiedDate", Invoice::modifiedDate)
            .date("sourceModifiedDate", Invoice::sourceModifiedDate)
            .string("currency", Invoice::currency)
            .number("currencyRate", invoice -> Decimals.decimal(invoice.currencyRateScale4(), 4))
            .number("totalDiscount", invoice -> Decimals.decimal(invoice.totalDiscountCents(), 2))
            .number("subTotal", invoice -> Decimals.decimal(invoice.subTotalCents(), 2))
            .number("totalTaxAmount", invoice -> Decimals.decimal(invoice.totalTaxCents(), 2))
            .number("totalAmount", invoice -> Decimals.decimal(invoice.totalCents(), 2))
            .number("amountDue", invoice -> Decimals.decimal(invoice.amountDueCents(), 2))
            .number("discountPercentage", invoice -> Decimals.decimal(invoice.discountPercentageCents(), 2))
            .string("status", invoice -> invoice.status().name())
            .string("note", Invoice::note)
            .bool("metadata.isDeleted", Invoice::deleted)
            .build();

    static final Map<String, Field<Customer>> CUSTOMER = party(new Field.Table<Customer>()
            .string("id", Customer::id)
            .string("customerName", Customer::customerName)
            .string("defaultCurrency", Customer::defaultCurrency), Customer::party);

    static final Map<String, Field<Supplier>> SUPPLIER = party(new Field.Table<Supplier>()
            .string("id", Supplier::id)
            .string("supplierName", Supplier::supplierName)
            .string("defaultCurrency", Supplier::defaultCurrency), Supplier::party);

    static final Map<String, Field<Bill>> BILL = new Field.Table<Bill>()
            .string("id", Bill::id)
            .string("reference", Bill::reference)
            .string("supplierRef.id", bill -> bill.supplier().id())
            .string("supplierRef.supplierName", bill -> bill.supplier().name())
            .date("issueDate", bill -> DateTimes.instant(bill.issueDate()))
            .date("dueDate", bill -> DateTimes.instant(bill.dueDate()))
            .date("modifiedDate", Bill::modifiedDate)
            .date("sourceModifiedDate", Bill::sourceModifiedDate)
            .string("currency", Bill::currency)
            .number("currencyRate", bill -> Decimals.decimal(bill.currencyRateScale4(), 4))
            .number("subTotal", bill -> Decimals.decimal(bill.subTotalCents(), 2))
            .number("taxAmount", bill -> Decimals.decimal(bill.taxCents(), 2))
            .number("totalAmount", bill -> Decimals.decimal(bill.totalCents(), 2))
            .number("amountDue", bill -> Decimals.decimal(bill.amountDueCents(), 2))
            .string("status", bill -> bill.status().name())
            .string("note", Bill::note)
            .bool("metadata.isDeleted", Bill::deleted)
            .build();

    static final Map<String, Field<CreditNote>> CREDIT_NOTE = new Field.Table<CreditNote>()
            .string("id", CreditNote::id)
            .string("creditNoteNumber", CreditNote::creditNoteNumber)
            .string("customerRef.id", note -> note.customer().id())
            .string("customerRef.companyName", note -> note.customer().name())
            .date("issueDate", note -> DateTimes.instant(note.issueDate()))
            .date("allocatedOnDate",
                    note -> note.allocatedOnDate() == null ? null : DateTimes.instant(note.allocatedOnDate()))
            .date("modifiedDate", CreditNote::modifiedDate)
            .date("sourceModifiedDate", CreditNote::sourceModifiedDate)
            .string("currency", CreditNote::currency)
            .number("currencyRate", note -> Decimals.decimal(note.currencyRateScale4(), 4))
            .number("totalDiscount", note -> Decimals.decimal(note.totalDiscountCents(), 2))
            .number("subTotal", note -> Decimals.decimal(note.subTotalCents(), 2))
            .number("totalTaxAmount", note -> Decimals.decimal(note.totalTaxCents(), 2))
            .number("totalAmount", note -> Decimals.decimal(note.totalCents(), 2))
            .number("discountPercentage", note -> Decimals.decimal(note.discountPercentageScale2(), 2))
            .number("remainingCredit", note -> Decimals.decimal(note.remainingCreditCents(), 2))
            .string("status", note -> note.status().name())
            .string("note", CreditNote::note)
            .bool("metadata.isDeleted", CreditNote::deleted)
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
