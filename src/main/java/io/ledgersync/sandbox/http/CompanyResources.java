package io.ledgersync.sandbox.http;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;

import io.ledgersync.sandbox.account.ApiKeys;
import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.Companies;
import io.ledgersync.sandbox.records.Company;
import io.ledgersync.sandbox.records.DataSetState;
import io.ledgersync.sandbox.records.DataTypes;
import io.ledgersync.sandbox.records.DateTimes;
import io.ledgersync.sandbox.records.PageableRecords;
import io.ledgersync.sandbox.records.RecordJson;
import io.ledgersync.sandbox.records.SeededRandom;
import io.ledgersync.sandbox.records.ServingOrder;
import io.ledgersync.sandbox.records.ServingOrderCache;

/**
 * The company endpoints: the company list, one company, its {@code dataStatus} and its data sets (CONTRACT.md §4.2,
 * §4.4); a company's sync settings are {@link SyncSettings}. A company-scoped key sees only its companies and gets
 * 403 for any other.
 */
final class CompanyResources {

    private final Companies companies;
    private final ServingOrderCache orders = new ServingOrderCache();
    private final Clock clock;
    private final long seed;

    /** {@code seed} fixes the sync ids that {@code dataStatus} reports. */
    CompanyResources(Companies companies, Clock clock, long seed) {
        this.companies = companies;
        this.clock = clock;
        this.seed = seed;
    }

    SuccessResponse list(ApiKeys.ApiKey key, Map<String, String> parameters) {
        return page(companies.visibleTo(key.companies()), PageRequest.from(parameters));
    }

    SuccessResponse company(ApiKeys.ApiKey key, String companyId) {
        Company company = readable(key, companyId, "details");
        return SuccessResponse.json(200, g -> RecordJson.company(g, company));
    }

    /** Tells the same story as the data sets: Complete when readable, Fetching while syncing, absent if never asked. */
    SuccessResponse dataStatus(ApiKeys.ApiKey key, String companyId) {
        Company company = readable(key, companyId, "data status");
        Instant now = clock.instant();
        return SuccessResponse.json(200, g -> {
            g.writeStartObject();
            for (String dataType : DataTypes.NAMES) {
                DataSetState state = companies.state(companyId, dataType);
                String status = state.currentStatus(now);
                if (status == null) {
                    continue;
                }
                Instant lastSync = state.lastSuccessfulSync(now);
                if (lastSync == null && status.equals("Complete")) {
                    lastSync = company.lastSync();
                }
                g.writeObjectPropertyStart(DataTypes.statusName(dataType));
                g.writeStringProperty("dataType", DataTypes.statusName(dataType));
                if (lastSync != null) {
                    g.writeStringProperty("lastSuccessfulSync", DateTimes.utc(lastSync));
                }
                g.writeStringProperty("currentStatus", status);
                SeededRandom ids = new SeededRandom(seed, SeededRandom.FAULT, company.index(), dataType.hashCode());
                String latest = ids.uuid();
                g.writeStringProperty("latestSyncId", latest);
                if (lastSync != null) {
                    g.writeStringProperty("latestSuccessfulSyncId", status.equals("Complete") ? latest : ids.uuid());
                }
                g.writeEndObject();
            }
            g.writeEndObject();
        });
    }

    /**
     * A page of a data set. Checks in the order a client can act on: the company (404), the key (403), the data
     * type (404 unsupported), the parameters (400), readiness (409); a refused request does not count towards
     * "ready after K requests".
     */
    SuccessResponse dataSet(ApiKeys.ApiKey key, String companyId, String dataType, Map<String, String> parameters) {
        Company company = readable(key, companyId, dataType);
        PageableRecords<?> records = companies.dataSet(company, dataType);
        DataSetState state = records == null ? null : companies.state(companyId, dataType);
        if (records == null || state.stage() == DataSetState.Stage.UNSUPPORTED) {
            throw ApiException.notFound("NotFound", "Datatype " + dataType + " not supported by platform(s) "
                    + company.platform() + ".");
        }
        PageRequest request = PageRequest.from(parameters);
        ServingOrderCache.validate(records, request.query(), request.orderBy());
        state.admit(clock.instant());
        // This request's records are fixed here; a drift due after this page applies at once but only to later
        // requests, so a client can never ask for the next page before the change is in place.
        PageableRecords<?> current = companies.dataSet(company, dataType);
        state.pageServed(clock.instant());
        return page(current, request);
    }

    private <T> SuccessResponse page(PageableRecords<T> records, PageRequest request) {
        ServingOrder order = orders.select(records, request.query(), request.orderBy());
        return SuccessResponse.page(g -> PageJson.write(g, records, request, order));
    }

    /** The company, if it exists (404) and the key may read it (403). */
    Company readable(ApiKeys.ApiKey key, String companyId, String what) {
        Company company = companies.find(companyId);
        if (company == null) {
            throw ApiException.notFound("NotFound", "Company " + companyId + " was not found, so its " + what
                    + " cannot be read.");
        }
        if (!key.mayRead(companyId)) {
            throw ApiException.forbidden();
        }
        return company;
    }
}
