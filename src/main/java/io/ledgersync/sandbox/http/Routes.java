package io.ledgersync.sandbox.http;

import java.io.InputStream;
import java.time.Clock;
import java.util.Map;

import tools.jackson.databind.JsonNode;

import io.ledgersync.sandbox.account.Account;
import io.ledgersync.sandbox.account.ApiKeys;
import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.Companies;

/**
 * Maps method and path to a resource. A known path with another method is 405 with {@code Allow}; any other path is
 * 404 naming what the sandbox serves.
 */
final class Routes {

    private final CompanyResources companies;
    private final AccountResources account;
    private final SyncSettings syncSettings;

    /** The resources of {@code companies} and {@code account}; {@code seed} fixes the ids they make up. */
    Routes(Companies companies, ApiKeys keys, Account account, Clock clock, long seed) {
        this.companies = new CompanyResources(companies, clock, seed);
        this.account = new AccountResources(companies, keys, account);
        this.syncSettings = new SyncSettings(account, seed);
    }

    SuccessResponse route(String method, String path, Map<String, String> parameters, ApiKeys.ApiKey key,
            InputStream body) {
        String[] s = path.split("/", -1);
        if (path.equals("/companies")) {
            return switch (allow(method, path, "GET, POST")) {
                case "GET" -> companies.list(key, parameters);
                default -> account.createCompany(key, RequestBody.object(body));
            };
        }
        if (path.equals("/apiKeys")) {
            return switch (allow(method, path, "GET, POST")) {
                case "GET" -> account.listKeys(key);
                default -> account.createKey(key, RequestBody.object(body));
            };
        }
        if (s.length == 3 && s[1].equals("apiKeys")) {
            allow(method, path, "DELETE");
            return account.deleteKey(key, s[2]);
        }
        if (path.equals("/profile/syncSettings")) {
            return switch (allow(method, path, "GET, POST")) {
                case "GET" -> syncSettings.ofClient(key);
                default -> syncSettings.updateClient(key, RequestBody.object(body));
            };
        }
        if (s.length >= 3 && s[1].equals("companies") && !s[2].isEmpty()) {
            return company(method, path, s, parameters, key, body);
        }
        throw notFound(path);
    }

    private SuccessResponse company(String method, String path, String[] s, Map<String, String> parameters,
            ApiKeys.ApiKey key, InputStream body) {
        String companyId = s[2];
        if (s.length == 3) {
            allow(method, path, "GET");
            return companies.company(key, companyId);
        }
        if (s.length == 4 && s[3].equals("dataStatus")) {
            allow(method, path, "GET");
            return companies.dataStatus(key, companyId);
        }
        if (s.length == 4 && s[3].equals("syncSettings")) {
            return switch (allow(method, path, "GET, POST")) {
                case "GET" -> syncSettings.ofCompany(companies.readable(key, companyId, "sync settings"));
                default -> {
                    // The body first: a malformed one is a 400 whether or not the company may be read.
                    JsonNode update = RequestBody.object(body);
                    yield syncSettings.updateCompany(companies.readable(key, companyId, "sync settings"), update);
                }
            };
        }
        if (s.length == 5 && s[3].equals("data") && !s[4].isEmpty()) {
            allow(method, path, "GET");
            return companies.dataSet(key, companyId, s[4], parameters);
        }
        throw notFound(path);
    }

    /** The method, when the resource takes it; otherwise 405 records those it takes. */
    private static String allow(String method, String path, String allowed) {
        for (String each : allowed.split(", ")) {
            if (each.equals(method)) {
                return method;
            }
        }
        throw ApiException.methodNotAllowed(method, path, allowed);
    }

    private static ApiException notFound(String path) {
        return ApiException.notFound("NotFound", "No resource at " + path + "; the sandbox serves /companies,"
                + " /companies/{companyId}, /companies/{companyId}/dataStatus, /companies/{companyId}/syncSettings,"
                + " /companies/{companyId}/data/{invoices|customers}, /apiKeys and /profile/syncSettings.");
    }
}
