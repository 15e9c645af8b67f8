package io.ledgersync.source;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;

/**
 * One Resilience4j instance per company or per company data set, keyed by the request path. Bulkheads are per company,
 * since what the Data API limits (at most 10 concurrent requests, by its public documentation) is per company. Circuit
 * breakers are per company data set ({@code /companies/42/data/bills}): a company's connection to its platform fails
 * all its data sets, and then each one's breaker opens on its own failures, but one data set's endpoint that keeps
 * failing must not open the breaker its company's other data sets go through while they run beside it (blast
 * radius: one broken company data set never holds back the others). Requests outside a company ({@code /companies})
 * share the instance named {@code dataApi}. At most {@code maxTracked} companies are kept, least recently used idle ones evicted first, so a
 * run over many thousands of companies holds a bounded map (and a bounded number of metric series). Thread-safe.
 *
 * @param <T> a bulkhead or a circuit breaker
 */
final class PerCompany<T> {

    static final String NAME = "dataApi";
    private static final String COMPANIES = "/companies/";
    private static final String DATA = "/data/";

    private final T shared;
    /** The key of a request path within a company: the company id, or the company and its data set. */
    private final Function<String, String> scope;
    private final Function<String, T> create;
    private final Predicate<T> idle;
    private final Consumer<T> remove;
    private final int maxTracked;
    private final LinkedHashMap<String, T> byKey = new LinkedHashMap<>(16, 0.75f, true);

    private PerCompany(T shared, Function<String, String> scope, Function<String, T> create, Predicate<T> idle,
            Consumer<T> remove, int maxTracked) {
        this.shared = shared;
        this.scope = scope;
        this.create = create;
        this.idle = idle;
        this.remove = remove;
        this.maxTracked = maxTracked;
    }

    /** A bulkhead per company; idle: no call in flight. */
    static PerCompany<Bulkhead> bulkheads(BulkheadRegistry registry, int maxTracked) {
        return new PerCompany<>(registry.bulkhead(NAME), PerCompany::companyId, registry::bulkhead, bulkhead -> bulkhead.getMetrics().getAvailableConcurrentCalls()
                == bulkhead.getMetrics().getMaxAllowedConcurrentCalls(),
                bulkhead -> registry.remove(bulkhead.getName()), maxTracked);
    }

    /**
     * A circuit breaker per company data set ({@link #companyDataSet}); idle: closed, so that forgetting it forgets no judgement.
     *
     * @param shared the company list's breaker, {@code dataApi}
     * @param companies where the companies' breakers are made: a registry of their own, not bound to meters, since a
     *     series per company is what the cardinality rule forbids (docs/metrics-and-alerts.md)
     * @param watch told of every breaker, e.g. to follow its state transitions
     */
    static PerCompany<CircuitBreaker> circuitBreakers(CircuitBreaker shared, CircuitBreakerRegistry companies,
            int maxTracked, Consumer<CircuitBreaker> watch) {
        watch.accept(shared);
        Function<String, CircuitBreaker> create = name -> {
            CircuitBreaker breaker = companies.circuitBreaker(name);
            watch.accept(breaker);
            return breaker;
        };
        return new PerCompany<>(shared, PerCompany::companyDataSet, create, breaker -> breaker.getState() == CircuitBreaker.State.CLOSED,
                breaker -> companies.remove(breaker.getName()), maxTracked);
    }

    /** The instance for a request path relative to the base URL, e.g. {@code /companies/42/data/invoices}. */
    T forPath(String relativePath) {
        String key = scope.apply(relativePath);
        if (key == null) {
            return shared;
        }
        synchronized (byKey) {
            T instance = byKey.get(key);
            if (instance == null) {
                evictIfFull();
                instance = create.apply(NAME + "-" + key);
                byKey.put(key, instance);
            }
            return instance;
        }
    }

    int tracked() {
        synchronized (byKey) {
            return byKey.size();
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

    /**
     * The company and its data set of {@code /companies/{companyId}/data/{dataType}...}, as {@code companyId/dataType};
     * the company id alone for any other path within a company; null outside a company.
     */
    static String companyDataSet(String relativePath) {
        String company = companyId(relativePath);
        if (company == null) {
            return null;
        }
        String data = COMPANIES + company + DATA;
        if (!relativePath.startsWith(data) || relativePath.length() == data.length()) {
            return company;
        }
        int end = relativePath.indexOf('/', data.length());
        return company + "/" + (end < 0 ? relativePath.substring(data.length()) : relativePath.substring(data.length(), end));
    }

    private void evictIfFull() {
        if (byKey.size() < maxTracked) {
            return;
        }
        // Prefer an idle instance; evicting a busy bulkhead only lets its in-flight calls finish on a bulkhead nobody
        // else will get, which can exceed the limit briefly for that one company; an open breaker is forgotten open.
        Map.Entry<String, T> victim = null;
        for (Map.Entry<String, T> entry : byKey.entrySet()) {
            if (idle.test(entry.getValue())) {
                victim = entry;
                break;
            }
        }
        if (victim == null) {
            Iterator<Map.Entry<String, T>> eldest = byKey.entrySet().iterator();
            victim = eldest.next();
        }
        byKey.remove(victim.getKey());
        remove.accept(victim.getValue());
    }
}
