package io.ledgersync.source;

/**
 * A walk went on past the pages its first page announced ({@code totalResults / pageSize}, rounded up) plus the
 * configured margin ({@code ledgersync.sync.page-margin}): a source whose {@code _links.next} never ends would
 * otherwise be read until the process is killed (issue 17). Fails the partition; nothing of the page past the cap
 * is written. Immutable.
 */
public class PageCapException extends MalformedResponseException {

    PageCapException(String href, String resource, long page, long announced, int margin) {
        super("GET " + href, "page " + page + " of " + resource + " is past the page cap: the first page announced "
                + announced + " page(s), and at most " + margin + " more are read (ledgersync.sync.page-margin)"
                + " before the walk is refused as endless");
    }
}
