package io.ledgersync.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;

/**
 * One bulkhead per company, keyed by the company in the path, in a bounded map: at most 10 concurrent requests per
 * company; one circuit breaker per company data set.
 */
class PerCompanyTests {

    private final BulkheadRegistry registry = BulkheadRegistry.of(DataApiResilienceFactory.bulkheadConfig(
            new DataApiProperties.Bulkhead(10, Duration.ZERO, 3)));
    private final PerCompany<Bulkhead> bulkheads = PerCompany.bulkheads(registry, 3);

    @Test
    void theCompanyIsTheSegmentAfterCompanies() {
        assertThat(PerCompany.companyId("/companies/c-1/data/invoices")).isEqualTo("c-1");
        assertThat(PerCompany.companyId("/companies/c-1")).isEqualTo("c-1");
        assertThat(PerCompany.companyId("/companies")).isNull();
        assertThat(PerCompany.companyId("/companies/")).isNull();
        assertThat(PerCompany.companyId("/other/c-1")).isNull();
    }

    @Test
    void aCircuitBreakersScopeIsTheCompanyAndItsDataSet() {
        assertThat(PerCompany.companyDataSet("/companies/c-1/data/invoices")).isEqualTo("c-1/invoices");
        assertThat(PerCompany.companyDataSet("/companies/c-1/data/invoices/inv-9")).isEqualTo("c-1/invoices");
        assertThat(PerCompany.companyDataSet("/companies/c-1/data/")).isEqualTo("c-1");
        assertThat(PerCompany.companyDataSet("/companies/c-1")).isEqualTo("c-1");
        assertThat(PerCompany.companyDataSet("/companies")).isNull();
    }

    @Test
    void eachCompanyDataSetHasItsOwnCircuitBreakerAndTheCompanyOneBulkhead() {
        CircuitBreakerRegistry companies = CircuitBreakerRegistry.ofDefaults();
        PerCompany<CircuitBreaker> breakers = PerCompany.circuitBreakers(companies.circuitBreaker(PerCompany.NAME), companies,
                10, breaker -> { });

        CircuitBreaker invoices = breakers.forPath("/companies/c-1/data/invoices");
        assertThat(invoices.getName()).isEqualTo("dataApi-c-1/invoices");
        assertThat(breakers.forPath("/companies/c-1/data/invoices")).isSameAs(invoices);
        assertThat(breakers.forPath("/companies/c-1/data/customers")).isNotSameAs(invoices);
        assertThat(breakers.forPath("/companies").getName()).isEqualTo("dataApi");
        assertThat(bulkheads.forPath("/companies/c-1/data/invoices").getName()).isEqualTo("dataApi-c-1");
    }

    @Test
    void aCompanyAdmitsTenConcurrentRequestsAndNotAnEleventh() {
        Bulkhead bulkhead = bulkheads.forPath("/companies/c-1/data/invoices");

        for (int i = 0; i < 10; i++) {
            assertThat(bulkhead.tryAcquirePermission()).as("request %d", i + 1).isTrue();
        }
        assertThat(bulkhead.tryAcquirePermission()).as("the eleventh").isFalse();
        assertThat(bulkheads.forPath("/companies/c-2/data/invoices").tryAcquirePermission())
                .as("another company is not held up").isTrue();
    }

    @Test
    void theSameCompanySharesOneBulkheadAndTheCompanyListTheSharedOne() {
        assertThat(bulkheads.forPath("/companies/c-1/data/invoices")).isSameAs(bulkheads.forPath("/companies/c-1/data/customers"));
        assertThat(bulkheads.forPath("/companies").getName()).isEqualTo("dataApi");
    }

    @Test
    void theMapIsBoundedAndEvictsIdleCompaniesFirst() {
        // given three tracked companies, the first of them busy
        Bulkhead busy = bulkheads.forPath("/companies/a/data/invoices");
        busy.tryAcquirePermission();
        bulkheads.forPath("/companies/b/data/invoices");
        bulkheads.forPath("/companies/c/data/invoices");

        // when a fourth arrives
        bulkheads.forPath("/companies/d/data/invoices");

        // then an idle one made room, and the busy company keeps its bulkhead (and its count)
        assertThat(bulkheads.tracked()).isEqualTo(3);
        assertThat(bulkheads.forPath("/companies/a/data/invoices")).isSameAs(busy);
        assertThat(registry.find("dataApi-b")).isEmpty();
    }
}
