package io.ledgersync.sandbox;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The records a sandbox serves, for tests that compare what a client read with what was served.
 *
 * <p>Companies are made once (they are few); invoices are made on demand from (seed, company, index), so a data set
 * of millions of invoices costs no memory.
 */
public final class SandboxDataset {

    private final List<Company> companies;
    private final Map<String, Company> companiesById;
    private final int invoicesPerCompany;
    private final InvoiceGenerator invoices;

    SandboxDataset(int companyCount, int invoicesPerCompany, long seed) {
        CompanyGenerator companyGenerator = new CompanyGenerator(seed);
        List<Company> made = new ArrayList<>(companyCount);
        Map<String, Company> byId = new HashMap<>();
        for (int index = 0; index < companyCount; index++) {
            Company company = companyGenerator.generate(index);
            made.add(company);
            byId.put(company.id(), company);
        }
        this.companies = List.copyOf(made);
        this.companiesById = Map.copyOf(byId);
        this.invoicesPerCompany = invoicesPerCompany;
        this.invoices = new InvoiceGenerator(seed);
    }

    SandboxDataset(SandboxSettings settings) {
        this(settings.companies(), settings.invoicesPerCompany(), settings.seed());
    }

    /** Company ids in the order {@code GET /companies} serves them. */
    public List<String> companyIds() {
        return companies.stream().map(Company::id).toList();
    }

    /** The exact JSON object served for the company in {@code results}. */
    public String companyJson(String companyId) {
        return JsonOutput.toJson(CompanyJson::write, company(companyId));
    }

    public int invoiceCount(String companyId) {
        company(companyId);
        return invoicesPerCompany;
    }

    /** The exact JSON object served for invoice {@code index} (0-based) of the company. */
    public String invoiceJson(String companyId, int index) {
        Company company = company(companyId);
        if (index < 0 || index >= invoicesPerCompany) {
            throw new IndexOutOfBoundsException("invoice index " + index + " outside 0.." + (invoicesPerCompany - 1));
        }
        return JsonOutput.toJson(InvoiceJson::write, invoices.generate(company, index));
    }

    Listing<Company> companies() {
        return new Listing<>("/companies", companies.size(), companies::get, CompanyJson::write, QueryFields.COMPANY);
    }

    Listing<Invoice> invoices(Company company) {
        return new Listing<>("/companies/" + company.id() + "/data/invoices", invoicesPerCompany,
                index -> invoices.generate(company, index), InvoiceJson::write, QueryFields.INVOICE);
    }

    /** The company with that id, or null. */
    Company findCompany(String companyId) {
        return companiesById.get(companyId);
    }

    private Company company(String companyId) {
        Company company = companiesById.get(companyId);
        if (company == null) {
            throw new IllegalArgumentException("no company with id " + companyId + " in this data set");
        }
        return company;
    }
}
