package io.ledgersync.source;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * A company id as a segment of the paths it is sent in ({@code /companies/{companyId}/data/invoices}): percent-encoded
 * so that it stays one segment, and refused when it would be a dot segment, which a normalising proxy resolves to
 * another resource ({@code /companies/../data} is {@code /data}). The one home of the dot-segment rule: the companies a
 * sync stores, the paths it builds from their ids and every link the client follows are checked by it. Stateless, so
 * thread-safe.
 */
public final class CompanyIds {

    private CompanyIds() {
    }

    /**
     * Why the id cannot be sent as a path segment, to follow "cannot be a company id: "; null when it can. An id is
     * checked as it is sent, percent-encoded: {@code %2e} becomes {@code %252e}, which is no dot segment.
     */
    public static String refusal(String companyId) {
        if (companyId.isEmpty()) {
            return "it would be sent as an empty segment of each company path, which then names no company";
        }
        if (isDotSegment(encode(companyId))) {
            return "it would be sent as a dot segment of each company path, which a normalising proxy resolves to another"
                    + " resource";
        }
        return null;
    }

    /**
     * The id as one path segment: every character but letters, digits and {@code - . _ *} percent-encoded, so that
     * {@code /}, {@code ?}, {@code #}, {@code %} and {@code ,} stay inside the segment.
     *
     * @throws IllegalArgumentException for an id {@link #refusal} refuses
     */
    public static String segment(String companyId) {
        String refusal = refusal(companyId);
        if (refusal != null) {
            throw new IllegalArgumentException("Company id '" + companyId + "' cannot be sent as a path segment: " + refusal);
        }
        return encode(companyId);
    }

    /** RFC 3986 §5.2.4 and WHATWG URL: '.', '..' and their percent-encoded forms ('%2e', '.%2E', ...) are dot segments. */
    static boolean isDotSegment(String rawSegment) {
        String decoded = rawSegment.replace("%2e", ".").replace("%2E", ".");
        return decoded.equals(".") || decoded.equals("..");
    }

    private static String encode(String companyId) {
        return URLEncoder.encode(companyId, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
