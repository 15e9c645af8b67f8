package io.ledgersync.sandbox;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;

import tools.jackson.databind.JsonNode;

/**
 * The company endpoints: the company list, one company, its {@code dataStatus}, its sync settings and its data sets
 * (CONTRACT.md §4.2, §4.4). A company-scoped key sees only its companies and gets 403 for any other.
 */
final class CompanyResources {

    private final SandboxDataSet dataSet;
    private final ServingOrderCache orders = new ServingOrderCache();
    private final SyncSettings syncSettings;
    private final Account account;
    private final Clock clock;
    private final long seed;

    CompanyResources(SandboxDataSet dataSet, SyncSettings syncSettings, Account account, Clock clock, long seed) {
        this.dataSet = dataSet;
        this.syncSettings = syncSettings;
        this.account = account;
        this.clock = clock;
        this.seed = seed;
    }

    SuccessResponse list(ApiKeys.ApiKey key, Map<String, String> parameters) {
        return page(dataSet.companies(key.companies()), PageRequest.from(parameters));
    }

    SuccessResponse company(ApiKeys.ApiKey key, String companyId) {
        Company company = readable(key, companyId, "details");
        return SuccessResponse.json(200, g -> CompanyJson.write(g, company));
    }

    /** Tells the same story as the data sets: Complete when readable, Fetching while syncing, absent if never asked. */
    SuccessResponse dataStatus(ApiKeys.ApiKey key, String companyId) {
        Company company = readable(key, companyId, "data status");
        Instant now = clock.instant();
        return SuccessResponse.json(200, g -> {
            g.writeStartObject();
            for (String dataType : SandboxDataSet.DATA_TYPES) {
                DataSetState state = dataSet.state(companyId, dataType);
                String status = state.currentStatus(now);
                if (status == null) {
                    continue;
                }
                Instant lastSync = state.lastSuccessfulSync(now);
                if (lastSync == null && status.equals("Complete")) {
                    lastSync = company.lastSync();
                }
                g.writeObjectPropertyStart(dataType);
                g.writeStringProperty("dataType", dataType);
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

    SuccessResponse syncSettings(ApiKeys.ApiKey key, String companyId) {
        readable(key, companyId, "sync settings");
        return SuccessResponse.json(200, g -> {
            g.writeStartObject();
            g.writeStringProperty("companyId", companyId);
            SyncSettings.write(g, syncSettings.of(companyId));
            g.writeBooleanProperty("overridesDefaults", true);
            g.writeEndObject();
        });
    }

    SuccessResponse updateSyncSettings(ApiKeys.ApiKey key, String companyId, JsonNode body) {
        readable(key, companyId, "sync settings");
        syncSettings.update(companyId, body, account);
        return SuccessResponse.noContent();
    }

    /**
     * A page of a data set. Checks in the order a client can act on: the company (404), the key (403), the data
     * type (404 unsupported), the parameters (400), readiness (409); a refused request does not count towards
     * "ready after K requests".
     */
    SuccessResponse dataSet(ApiKeys.ApiKey key, String companyId, String dataType, Map<String, String> parameters) {
        Company company = readable(key, companyId, dataType);
        PageableRecords<?> records = dataSet.dataSet(company, dataType);
        DataSetState state = records == null ? null : dataSet.state(companyId, dataType);
        if (records == null || state.stage() == DataSetState.Stage.UNSUPPORTED) {
            throw ApiException.notFound("NotFound", "Datatype " + dataType + " not supported by platform(s) "
                    + company.platform() + ".");
        }
        PageRequest request = PageRequest.from(parameters);
        validate(records, request);
        state.admit(clock.instant());
        // This request's records are fixed here; a drift due after this page applies at once but only to later
        // requests, so a client can never ask for the next page before the change is in place.
        PageableRecords<?> current = dataSet.dataSet(company, dataType);
        state.pageServed(clock.instant(), dataSet.baseSize(dataType));
        return page(current, request);
    }

    private static <T> void validate(PageableRecords<T> records, PageRequest request) {
        if (request.query() != null) {
            QueryFilter.parse(request.query(), records.fields());
        }
        if (request.orderBy() != null) {
            ServingOrderCache.Ordering.parse(request.orderBy(), records.fields());
        }
    }

    private <T> SuccessResponse page(PageableRecords<T> records, PageRequest request) {
        ServingOrder order = orders.select(records, request.query(), request.orderBy());
        return SuccessResponse.page(g -> PageJson.write(g, records, request, order));
    }

    /** The company, if it exists (404) and the key may read it (403). */
    private Company readable(ApiKeys.ApiKey key, String companyId, String what) {
        Company company = dataSet.findCompany(companyId);
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
