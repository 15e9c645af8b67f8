package io.ledgersync.sandbox;

import java.util.List;

import io.ledgersync.sandbox.records.Companies;
import io.ledgersync.sandbox.records.DataTypes;

/**
 * The records a sandbox serves, for tests that compare what a client read with what was served: the exact JSON of
 * each record, made by the same code that writes it into a page. Answers for the data as it is now, including
 * companies created through {@code POST /companies} and scripted page drift.
 */
public final class SandboxDataSet {

    private final Companies companies;

    SandboxDataSet(Companies companies) {
        this.companies = companies;
    }

    /** The records of {@code settings}, made without serving them. */
    SandboxDataSet(SandboxSettings settings) {
        this(new Companies(settings.companies(), settings.recordsPerCompany(), settings.seed(), settings.recordsAsOf(),
                settings.clock()));
    }

    /** Company ids in the order {@code GET /companies} serves them, created companies last. */
    public List<String> companyIds() {
        return companies.ids();
    }

    /** The exact JSON object served for the company in {@code results}. */
    public String companyJson(String companyId) {
        return companies.companyJson(companyId);
    }

    /** The company data sets served, in the order {@code dataStatus} lists them. */
    public List<String> dataTypes() {
        return DataTypes.NAMES;
    }

    /** Records of a company's data set served now (more after scripted inserts). */
    public int count(String companyId, String dataType) {
        DataTypes.require(dataType);
        return companies.size(companyId, dataType);
    }

    /** The exact JSON object served at position {@code index} (0-based, default order) of a company's data set. */
    public String recordJson(String companyId, String dataType, int index) {
        DataTypes.require(dataType);
        return companies.recordJson(companyId, dataType, index);
    }

    /** Invoices served now (more after scripted inserts). */
    public int invoiceCount(String companyId) {
        return companies.size(companyId, "invoices");
    }

    /** The exact JSON object served at position {@code index} (0-based, default order) of the company's invoices. */
    public String invoiceJson(String companyId, int index) {
        return companies.recordJson(companyId, "invoices", index);
    }

    /** Customers served now: the ones invoices and credit notes name, more after scripted inserts. */
    public int customerCount(String companyId) {
        return companies.size(companyId, "customers");
    }

    /** The exact JSON object served at position {@code index} (0-based, default order) of the company's customers. */
    public String customerJson(String companyId, int index) {
        return companies.recordJson(companyId, "customers", index);
    }
}
