package io.ledgersync.source;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadRegistry;

/**
 * One bulkhead per company, since the Data API limits concurrent requests per company (at most 10,
 * by its public documentation); requests outside a company ({@code /companies}) share the
 * {@code dataApi} bulkhead. At most {@code maxTracked} companies are kept, least recently used
 * idle ones evicted first, so a run over many thousands of companies holds a bounded map (and a
 * bounded number of metric series). Thread-safe.
 */
final class CompanyBulkheads {

    static final String NAME = "dataApi";
    private static final String COMPANIES = "/companies/";

    private final BulkheadRegistry registry;
    private final int maxTracked;
    private final Bulkhead shared;
    private final LinkedHashMap<String, Bulkhead> byCompany = new LinkedHashMap<>(16, 0.75f, true);

    CompanyBulkheads(BulkheadRegistry registry, int maxTracked) {
        this.registry = registry;
        this.maxTracked = maxTracked;
        this.shared = registry.bulkhead(NAME);
    }

    /** The bulkhead for a request path relative to the base URL, e.g. {@code /companies/42/data/invoices}. */
    Bulkhead forPath(String relativePath) {
        String company = companyId(relativePath);
        if (company == null) {
            return shared;
        }
        synchronized (byCompany) {
            Bulkhead bulkhead = byCompany.get(company);
            if (bulkhead == null) {
                evictIfFull();
                bulkhead = registry.bulkhead(NAME + "-" + company);
                byCompany.put(company, bulkhead);
            }
            return bulkhead;
        }
    }

    int tracked() {
        synchronized (byCompany) {
            return byCompany.size();
        }
    }

    /** The company id of {@code /companies/{companyId}/...}, or null for any other path. */
    static String companyId(String relativePath) {
        if (relativePath == null || !relativePath.startsWith(COMPANIES)) {
            return null;
        }
        int end = relativePath.indexOf('/', COMPANIES.length());
        String id = end < 0 ? relativePath.substring(COMPANIES.length()) : relativePath.substring(COMPANIES.length(), end);
        return id.isEmpty() ? null : id;
    }

    private void evictIfFull() {
        if (byCompany.size() < maxTracked) {
            return;
        }
        // Prefer an idle bulkhead; evicting a busy one only lets its in-flight calls finish on a
        // bulkhead nobody else will get, which can exceed the limit briefly for that one company.
        Map.Entry<String, Bulkhead> victim = null;
        for (Map.Entry<String, Bulkhead> entry : byCompany.entrySet()) {
            Bulkhead candidate = entry.getValue();
            if (candidate.getMetrics().getAvailableConcurrentCalls() == candidate.getMetrics().getMaxAllowedConcurrentCalls()) {
                victim = entry;
                break;
            }
        }
        if (victim == null) {
            Iterator<Map.Entry<String, Bulkhead>> eldest = byCompany.entrySet().iterator();
            victim = eldest.next();
        }
        byCompany.remove(victim.getKey());
        registry.remove(victim.getValue().getName());
    }
}
