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

    private final SandboxDataset dataset;
    private final SelectionCache selections = new SelectionCache();
    private final SyncSchedules schedules;
    private final Account account;
    private final Clock clock;
    private final long seed;

    CompanyResources(SandboxDataset dataset, SyncSchedules schedules, Account account, Clock clock, long seed) {
        this.dataset = dataset;
        this.schedules = schedules;
        this.account = account;
        this.clock = clock;
        this.seed = seed;
    }

    Reply list(ApiKeys.ApiKey key, Map<String, String> parameters) {
        return page(dataset.companies(key.companies()), PageRequest.from(parameters));
    }

    Reply company(ApiKeys.ApiKey key, String companyId) {
        Company company = readable(key, companyId, "details");
        return Reply.json(200, g -> CompanyJson.write(g, company));
    }

    /** Tells the same story as the data sets: Complete when readable, Fetching while syncing, absent if never asked. */
    Reply dataStatus(ApiKeys.ApiKey key, String companyId) {
        Company company = readable(key, companyId, "data status");
        Instant now = clock.instant();
        return Reply.json(200, g -> {
            g.writeStartObject();
            for (String dataType : SandboxDataset.DATA_TYPES) {
                DataSetState state = dataset.state(companyId, dataType);
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
                Seeded ids = new Seeded(seed, Seeded.FAULT, company.index(), dataType.hashCode());
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

    Reply syncSettings(ApiKeys.ApiKey key, String companyId) {
        readable(key, companyId, "sync settings");
        return Reply.json(200, g -> {
            g.writeStartObject();
            g.writeStringProperty("companyId", companyId);
            SyncSchedules.write(g, schedules.of(companyId));
            g.writeBooleanProperty("overridesDefaults", true);
            g.writeEndObject();
        });
    }

    Reply updateSyncSettings(ApiKeys.ApiKey key, String companyId, JsonNode body) {
        readable(key, companyId, "sync settings");
        schedules.update(companyId, body, account);
        return Reply.noContent();
    }

    /**
     * A page of a data set. Checks in the order a client can act on: the company (404), the key (403), the data
     * type (404 unsupported), the parameters (400), readiness (409); a refused request does not count towards
     * "ready after K requests".
     */
    Reply dataSet(ApiKeys.ApiKey key, String companyId, String dataType, Map<String, String> parameters) {
        Company company = readable(key, companyId, dataType);
        Listing<?> listing = dataset.dataSet(company, dataType);
        DataSetState state = listing == null ? null : dataset.state(companyId, dataType);
        if (listing == null || state.stage() == DataSetState.Stage.UNSUPPORTED) {
            throw ApiException.notFound("NotFound", "Datatype " + dataType + " not supported by platform(s) "
                    + company.platform() + ".");
        }
        PageRequest request = PageRequest.from(parameters);
        validate(listing, request);
        state.admit(clock.instant());
        // This request's records are fixed here; a drift due after this page applies at once but only to later
        // requests, so a client can never ask for the next page before the change is in place.
        Listing<?> current = dataset.dataSet(company, dataType);
        state.pageServed(clock.instant(), dataset.baseSize(dataType));
        return page(current, request);
    }

    private static <T> void validate(Listing<T> listing, PageRequest request) {
        if (request.query() != null) {
            QueryFilter.parse(request.query(), listing.fields());
        }
        if (request.orderBy() != null) {
            SelectionCache.Ordering.parse(request.orderBy(), listing.fields());
        }
    }

    private <T> Reply page(Listing<T> listing, PageRequest request) {
        Selection selection = selections.select(listing, request.query(), request.orderBy());
        return Reply.page(g -> PageJson.write(g, listing, request, selection));
    }

    /** The company, if it exists (404) and the key may read it (403). */
    private Company readable(ApiKeys.ApiKey key, String companyId, String what) {
        Company company = dataset.findCompany(companyId);
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
