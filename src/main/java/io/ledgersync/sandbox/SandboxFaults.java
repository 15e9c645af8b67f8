package io.ledgersync.sandbox;

import java.time.Clock;
import java.util.List;

import io.ledgersync.sandbox.records.Companies;
import io.ledgersync.sandbox.records.DataTypes;
import io.ledgersync.sandbox.faults.FaultTarget;
import io.ledgersync.sandbox.faults.RequestFaults;

/**
 * Scripts how a running sandbox misbehaves: refusals (429, 500, 503), latency, dropped connections, rate limits,
 * and the life of each company's data sets (not ready, unsupported, records changing between pages).
 *
 * <p>Pick the requests first, then say what happens to them ({@link FaultTarget}); every method returns its
 * receiver, so several faults can be put on one target:
 *
 * <pre>{@code
 * SandboxFaults faults = sandbox.faults();
 * faults.all().rateLimit(5, 10);                                             // 5 req/s per key, bursts of 10
 * faults.path("/companies/*\/data/invoices").tooManyRequestsNext(3, Duration.ofSeconds(2));
 * faults.company(id).page(2).latency(Duration.ofSeconds(30));                // a slow page for a kill -9 test
 * faults.dataSet(id, "invoices").readyAfterRequests(2);                      // 409, 409, then 200
 * }</pre>
 *
 * <p>Faults apply before authentication, in the order they were scripted: latencies add up, and the first refusal or
 * dropped connection answers the request. Everything time-based reads the sandbox's clock ({@link
 * SandboxSettings#clock()}); probabilities draw from the sandbox's seed, so one request sequence always meets the
 * same faults. All methods are thread-safe and take effect for the next request.
 */
public final class SandboxFaults {

    private final RequestFaults faults;
    private final Companies companies;
    private final Clock clock;

    SandboxFaults(RequestFaults faults, Companies companies, Clock clock) {
        this.faults = faults;
        this.companies = companies;
        this.clock = clock;
    }

    /** Every request, whatever its path. */
    public FaultTarget all() {
        return faults.all();
    }

    /**
     * Requests whose path matches {@code pattern}: {@code *} is one segment, {@code **} any number, for example
     * {@code /companies/*\/data/invoices} or {@code /companies/**}. The query string is not part of the path.
     */
    public FaultTarget path(String pattern) {
        return all().path(pattern);
    }

    /** Requests about one company: {@code /companies/{companyId}} and everything under it. */
    public FaultTarget company(String companyId) {
        return all().company(companyId);
    }

    /** The scripted life of one company's data set (one of {@link DataTypes#NAMES}, such as {@code invoices}). */
    public DataSetScript dataSet(String companyId, String dataType) {
        if (companies.find(companyId) == null) {
            throw new IllegalArgumentException("no company with id " + companyId + " in this sandbox");
        }
        DataTypes.require(dataType);
        return new DataSetScript(companies.state(companyId, dataType), clock);
    }

    /** Removes every request fault (rate limits, refusals, latency, drops); data set scripts stay as they are. */
    public SandboxFaults clear() {
        faults.clear();
        return this;
    }

    /** Responses that a fault refused or cut short since start; latency alone does not count. */
    public long injected() {
        return faults.injected();
    }

    /** The faults in force, one per line, for a test's failure message or a scenario's banner. */
    public List<String> describe() {
        return faults.describe();
    }
}
