package io.ledgersync.sandbox.http;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;

import io.ledgersync.sandbox.account.Account;
import io.ledgersync.sandbox.account.ApiKeys;
import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.Company;
import io.ledgersync.sandbox.records.DataTypes;
import io.ledgersync.sandbox.records.SeededRandom;

/**
 * The sync-settings resources of the public platform spec ({@code /profile/syncSettings},
 * {@code /companies/{companyId}/syncSettings}): how often each data type is refreshed, in hours. They exist so that
 * the free trial's refusal of an hourly schedule (CONTRACT.md §7.2) can be asked for.
 */
final class SyncSettings {

    /** The platform's default: once a day. */
    static final int DEFAULT_HOURS = 24;
    private static final String CLIENT = "client";

    private final Map<String, Map<String, Integer>> hoursByOwner = new ConcurrentHashMap<>();
    private final Account account;
    private final String clientId;

    SyncSettings(Account account, long seed) {
        this.account = account;
        this.clientId = new SeededRandom(seed, SeededRandom.API_KEY, -1).uuid();
    }

    /** {@code GET /profile/syncSettings}: an account endpoint, so an account-wide key only. */
    SuccessResponse ofClient(ApiKeys.ApiKey key) {
        AccountResources.requireAccountWide(key);
        return response("clientId", clientId, CLIENT);
    }

    /** {@code POST /profile/syncSettings}, answered 204 as in the spec. */
    SuccessResponse updateClient(ApiKeys.ApiKey key, JsonNode body) {
        AccountResources.requireAccountWide(key);
        update(CLIENT, body);
        return SuccessResponse.noContent();
    }

    /** {@code GET /companies/{companyId}/syncSettings} of a company the key may read. */
    SuccessResponse ofCompany(Company company) {
        return response("companyId", company.id(), company.id());
    }

    /** {@code POST /companies/{companyId}/syncSettings} of a company the key may read, answered 204. */
    SuccessResponse updateCompany(Company company, JsonNode body) {
        update(company.id(), body);
        return SuccessResponse.noContent();
    }

    /** The schedule per data type of the client or of a company (its id). */
    private Map<String, Integer> of(String owner) {
        Map<String, Integer> stored = hoursByOwner.getOrDefault(owner, Map.of());
        Map<String, Integer> hours = new LinkedHashMap<>();
        for (String dataType : DataTypes.STATUS_NAMES) {
            hours.put(dataType, stored.getOrDefault(dataType, DEFAULT_HOURS));
        }
        return hours;
    }

    /** Validates the whole body before storing any of it, so a refused request changes nothing. */
    private void update(String owner, JsonNode body) {
        JsonNode settings = body.get("settings");
        if (settings == null || !settings.isArray()) {
            throw ApiException.badRequest("`settings` is required: an array of {dataType, fetchOnFirstLink,"
                    + " syncSchedule, syncOrder}.");
        }
        Map<String, Integer> update = new LinkedHashMap<>();
        for (JsonNode setting : settings) {
            String dataType = setting.path("dataType").asString(null);
            JsonNode schedule = setting.get("syncSchedule");
            if (dataType == null || dataType.isBlank()) {
                throw ApiException.badRequest("Every setting needs a `dataType`.");
            }
            if (schedule == null || !schedule.isIntegralNumber() || schedule.asInt() < 1) {
                throw ApiException.badRequest("`syncSchedule` of " + dataType
                        + " must be a whole number of hours of at least 1.");
            }
            account.requireScheduleAllowed(dataType, schedule.asInt());
            update.put(dataType, schedule.asInt());
        }
        hoursByOwner.merge(owner, update, (old, added) -> {
            Map<String, Integer> merged = new LinkedHashMap<>(old);
            merged.putAll(added);
            return merged;
        });
    }

    /** The {@code SyncSettings} object of a GET: the owner's id, a {@code SyncSetting} per data type, the flag. */
    private SuccessResponse response(String idProperty, String id, String owner) {
        return SuccessResponse.json(200, g -> {
            g.writeStartObject();
            g.writeStringProperty(idProperty, id);
            writeSettings(g, of(owner));
            g.writeBooleanProperty("overridesDefaults", true);
            g.writeEndObject();
        });
    }

    private static void writeSettings(JsonGenerator g, Map<String, Integer> hours) {
        g.writeArrayPropertyStart("settings");
        List<String> types = List.copyOf(hours.keySet());
        for (int order = 0; order < types.size(); order++) {
            g.writeStartObject();
            g.writeStringProperty("dataType", types.get(order));
            g.writeBooleanProperty("fetchOnFirstLink", true);
            g.writeNumberProperty("syncSchedule", hours.get(types.get(order)));
            g.writeNumberProperty("syncOrder", order);
            g.writeBooleanProperty("isLocked", false);
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
