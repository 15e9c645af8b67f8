package io.ledgersync.sandbox.http;

import java.util.LinkedHashMap;
import java.util.Map;

import io.ledgersync.sandbox.records.ApiException;

/**
 * The paging, filter and order parameters of a request (CONTRACT.md §4.1), already validated.
 *
 * @param query   the filter, or null when the request has none
 * @param orderBy the sort field, {@code -} first for descending, or null
 * @param carried every parameter other than page and pageSize, in request order: the links repeat them
 */
record PageRequest(int page, int pageSize, String query, String orderBy, Map<String, String> carried) {

    static final int DEFAULT_PAGE = 1;
    static final int DEFAULT_PAGE_SIZE = 100;
    static final int MAX_PAGE_SIZE = 5000;

    /**
     * Reads page, pageSize, query and orderBy. The contract leaves pageSize above 5000 open; the sandbox refuses it
     * with a 400 that names the maximum rather than silently clamping, so a client that asks for more finds out at
     * once.
     */
    static PageRequest from(Map<String, String> parameters) {
        int page = wholeNumber(parameters, "page", DEFAULT_PAGE);
        if (page < 1) {
            throw ApiException.badRequest("page must be a whole number of at least 1, was '"
                    + parameters.get("page") + "'.");
        }
        int pageSize = wholeNumber(parameters, "pageSize", DEFAULT_PAGE_SIZE);
        if (pageSize < 1) {
            throw ApiException.badRequest("pageSize must be a whole number from 1 to " + MAX_PAGE_SIZE + ", was '"
                    + parameters.get("pageSize") + "'.");
        }
        if (pageSize > MAX_PAGE_SIZE) {
            throw ApiException.badRequest("pageSize must not exceed the maximum page size of " + MAX_PAGE_SIZE
                    + ", was " + pageSize + ".");
        }
        Map<String, String> carried = new LinkedHashMap<>(parameters);
        carried.remove("page");
        carried.remove("pageSize");
        return new PageRequest(page, pageSize, blankToNull(parameters.get("query")),
                blankToNull(parameters.get("orderBy")), carried);
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }

    private static int wholeNumber(Map<String, String> parameters, String name, int fallback) {
        String text = parameters.get(name);
        if (text == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            String range = name.equals("page") ? "of at least 1" : "from 1 to " + MAX_PAGE_SIZE;
            throw ApiException.badRequest(name + " must be a whole number " + range + ", was '" + text + "'.");
        }
    }

    /** Position of the first record of the page; long because page × pageSize can pass Integer.MAX_VALUE. */
    long offset() {
        return (long) (page - 1) * pageSize;
    }
}
