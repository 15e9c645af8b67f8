package io.ledgersync.sandbox.data;

import java.util.Map;

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

    static final Map<String, Field<Customer>> CUSTOMER = new Field.Table<Customer>()
            .string("id", Customer::id)
            .string("customerName", Customer::customerName)
            .string("contactName", Customer::contactName)
            .string("emailAddress", Customer::emailAddress)
            .string("phone", Customer::phone)
            .string("defaultCurrency", Customer::defaultCurrency)
            .string("registrationNumber", Customer::registrationNumber)
            .string("taxNumber", Customer::taxNumber)
            .string("status", Customer::status)
            .date("modifiedDate", Customer::modifiedDate)
            .date("sourceModifiedDate", Customer::sourceModifiedDate)
            .bool("metadata.isDeleted", Customer::deleted)
            .build();

    private QueryFields() {
    }
}
