package io.ledgersync.sandbox.data;

import java.time.Instant;

/**
 * A customer in the shape of the {@code AccountingCustomer} schema: the same customers that invoices name in
 * {@code customerRef}, with one billing address.
 */
record Customer(
        String id,
        String customerName,
        String contactName,
        String emailAddress,
        String phone,
        String defaultCurrency,
        Address address,
        String registrationNumber,
        String taxNumber,
        String status,
        Instant modifiedDate,
        Instant sourceModifiedDate,
        boolean deleted) {

    /** An {@code AccountingAddress} of type Billing. */
    record Address(String line1, String city, String region, String country, String postalCode) {
    }

    /** The same customer as changed by the platform at {@code when}: a new modifiedDate, a new contact. */
    Customer revised(Instant when, int revision) {
        return new Customer(id, customerName, contactName + " (rev " + revision + ")", emailAddress, phone,
                defaultCurrency, address, registrationNumber, taxNumber, status, when, when, deleted);
    }
}
