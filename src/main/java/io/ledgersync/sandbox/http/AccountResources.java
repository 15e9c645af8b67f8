package io.ledgersync.sandbox.http;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;

import io.ledgersync.sandbox.account.Account;
import io.ledgersync.sandbox.account.ApiKeys;
import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.Companies;
import io.ledgersync.sandbox.records.Company;
import io.ledgersync.sandbox.records.DateTimes;
import io.ledgersync.sandbox.records.RecordJson;

/**
 * The account-wide endpoints: creating companies, API keys (the client's sync settings are {@link SyncSettings}).
 * Only an account-wide key may call them; a company-scoped key gets 403 (CONTRACT.md §5 rule 3, "an endpoint the
 * caller is not authorized for").
 */
final class AccountResources {

    /** Characters the platform's {@code CompanyRequestBody.name} pattern allows; others are dropped, as it does. */
    private static final String NAME_FORBIDDEN = "[^A-Za-z0-9\\s\\-',&@.?!]";

    private final Companies companies;
    private final ApiKeys keys;
    private final Account account;

    AccountResources(Companies companies, ApiKeys keys, Account account) {
        this.companies = companies;
        this.keys = keys;
        this.account = account;
    }

    static void requireAccountWide(ApiKeys.ApiKey key) {
        if (!key.accountWide()) {
            throw ApiException.forbidden();
        }
    }

    /** {@code POST /companies}: {@code {name, description, tags}} → 200 with the company, as the spec answers. */
    SuccessResponse createCompany(ApiKeys.ApiKey key, JsonNode body) {
        requireAccountWide(key);
        String given = RequestBody.text(body, "name");
        String name = given == null ? "" : given.replaceAll(NAME_FORBIDDEN, "").trim();
        if (name.isEmpty()) {
            throw ApiException.badRequest("`name` is required and must contain letters or digits.");
        }
        String description = RequestBody.text(body, "description");
        Map<String, String> tags = RequestBody.textMap(body, "tags");
        Company company;
        synchronized (companies) {
            account.requireRoomForCompany(companies.count());
            company = companies.create(name, description, tags);
        }
        return SuccessResponse.json(200, g -> RecordJson.company(g, company));
    }

    SuccessResponse listKeys(ApiKeys.ApiKey key) {
        requireAccountWide(key);
        return SuccessResponse.json(200, g -> {
            g.writeStartObject();
            g.writeArrayPropertyStart("results");
            for (ApiKeys.ApiKey each : keys.list()) {
                writeKey(g, each);
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    /**
     * {@code POST /apiKeys} {@code {name}} → 201 with the key, as in the spec. The sandbox also reads
     * {@code companies}: ids of the companies the new key is tied to (absent: account-wide).
     */
    SuccessResponse createKey(ApiKeys.ApiKey key, JsonNode body) {
        requireAccountWide(key);
        String name = RequestBody.text(body, "name");
        if (name != null && name.length() > 50) {
            throw ApiException.badRequest("Max string length (50) for `name` reached.");
        }
        Set<String> tiedTo = null;
        JsonNode scope = body.get("companies");
        if (scope != null && !scope.isNull()) {
            if (!scope.isArray()) {
                throw ApiException.badRequest("`companies` must be an array of company ids.");
            }
            tiedTo = new HashSet<>();
            for (JsonNode id : scope) {
                if (!id.isString() || companies.find(id.asString()) == null) {
                    throw ApiException.badRequest("`companies` names no company with id " + id + ".");
                }
                tiedTo.add(id.asString());
            }
        }
        ApiKeys.ApiKey created = keys.create(name, null, tiedTo);
        return SuccessResponse.json(201, g -> writeKey(g, created));
    }

    SuccessResponse deleteKey(ApiKeys.ApiKey key, String id) {
        requireAccountWide(key);
        if (!keys.delete(id)) {
            throw ApiException.notFound("NotFound", "API key " + id + " was not found.");
        }
        return SuccessResponse.noContent();
    }

    private static void writeKey(JsonGenerator g, ApiKeys.ApiKey key) {
        g.writeStartObject();
        g.writeStringProperty("id", key.id());
        if (key.name() != null) {
            g.writeStringProperty("name", key.name());
        }
        g.writeStringProperty("apiKey", key.value());
        g.writeStringProperty("createdDate", DateTimes.utc(key.created()));
        if (key.companies() != null) {
            // The sandbox's own addition: which companies a scoped key may read.
            g.writeArrayPropertyStart("companies");
            for (String id : key.companies().stream().sorted().toList()) {
                g.writeString(id);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }
}
