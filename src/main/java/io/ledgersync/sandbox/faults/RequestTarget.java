package io.ledgersync.sandbox.faults;

import java.util.regex.Pattern;

/**
 * Which requests a fault applies to: a path pattern, a company, a page number; null parts match anything.
 * In a pattern {@code *} stands for one path segment and {@code **} for any number of them.
 */
record RequestTarget(String pathPattern, Pattern path, String companyId, Integer page) {

    static final RequestTarget ALL = new RequestTarget(null, null, null, null);

    RequestTarget withPath(String pattern) {
        if (pattern == null || !pattern.startsWith("/")) {
            throw new IllegalArgumentException("a path pattern starts with '/', was '" + pattern + "'");
        }
        return new RequestTarget(pattern, compile(pattern), companyId, page);
    }

    RequestTarget withCompany(String id) {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("a company id must not be blank");
        }
        return new RequestTarget(pathPattern, path, id, page);
    }

    RequestTarget withPage(int number) {
        if (number < 1) {
            throw new IllegalArgumentException("pages are numbered from 1, was " + number);
        }
        return new RequestTarget(pathPattern, path, companyId, number);
    }

    boolean matches(RequestSummary request) {
        return (path == null || path.matcher(request.path()).matches())
                && (companyId == null || companyId.equals(request.companyId()))
                && (page == null || page == request.page());
    }

    private static Pattern compile(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (String segment : pattern.substring(1).split("/", -1)) {
            regex.append('/');
            if (segment.equals("**")) {
                regex.append(".*");
            } else if (segment.equals("*")) {
                regex.append("[^/]+");
            } else {
                regex.append(Pattern.quote(segment));
            }
        }
        return Pattern.compile(regex.toString().replace("/.*", "(/.*)?"));
    }

    @Override
    public String toString() {
        return "[path=" + (pathPattern == null ? "*" : pathPattern) + ", company=" + (companyId == null ? "*" : companyId)
                + ", page=" + (page == null ? "*" : page) + "]";
    }
}
