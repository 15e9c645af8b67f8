package io.ledgersync.sandbox.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import tools.jackson.core.JsonGenerator;

import io.ledgersync.sandbox.records.PageableRecords;
import io.ledgersync.sandbox.records.ServingOrder;

/** Writes the page envelope of CONTRACT.md §2.3: results, pageNumber, pageSize, totalResults, _links. */
final class PageJson {

    private PageJson() {
    }

    static <T> void write(JsonGenerator g, PageableRecords<T> records, PageRequest request, ServingOrder order) {
        long from = Math.min(request.offset(), order.total());
        long to = Math.min(from + request.pageSize(), order.total());
        g.writeStartObject();
        g.writeArrayPropertyStart("results");
        for (long position = from; position < to; position++) {
            records.writer().accept(g, records.record().apply(order.indexAt((int) position)));
        }
        g.writeEndArray();
        g.writeNumberProperty("pageNumber", request.page());
        g.writeNumberProperty("pageSize", request.pageSize());
        g.writeNumberProperty("totalResults", order.total());
        g.writeObjectPropertyStart("_links");
        link(g, "self", records.path());
        link(g, "current", href(records, request, request.page()));
        if (request.page() > 1) {
            link(g, "previous", href(records, request, request.page() - 1));
        }
        // Rule 5: next exists only while records remain after this page; a page past the end has none.
        if (request.offset() + request.pageSize() < order.total()) {
            link(g, "next", href(records, request, request.page() + 1));
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /**
     * {@code /<resource>?page=<n>&pageSize=<m>} (rule 1), then every other parameter of the request in its order
     * (query, orderBy, ...), because a client that only follows links (rule 4) must keep reading the same result set.
     */
    static <T> String href(PageableRecords<T> records, PageRequest request, int page) {
        StringBuilder href = new StringBuilder(records.path()).append("?page=").append(page)
                .append("&pageSize=").append(request.pageSize());
        for (Map.Entry<String, String> parameter : request.carried().entrySet()) {
            href.append('&').append(encode(parameter.getKey())).append('=').append(encode(parameter.getValue()));
        }
        return href.toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static void link(JsonGenerator g, String name, String href) {
        g.writeObjectPropertyStart(name);
        g.writeStringProperty("href", href);
        g.writeEndObject();
    }
}
