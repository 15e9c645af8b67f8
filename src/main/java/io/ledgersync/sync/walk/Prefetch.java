package io.ledgersync.sync.walk;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * At most one fetch running ahead of a reader, for the href it will read next; without an executor it
 * never runs ahead. What the fetch returned or threw is handed over as if it had run on the reader's
 * thread. Not thread-safe: one per reader; only the fetch itself runs on the executor.
 *
 * @param <T> what a fetch returns
 */
final class Prefetch<T> {

    private final Executor executor;
    private CompletableFuture<T> ahead;
    private String aheadHref;

    /** @param executor runs the fetches ahead; null: nothing is fetched ahead */
    Prefetch(Executor executor) {
        this.executor = executor;
    }

    boolean enabled() {
        return executor != null;
    }

    /** Starts fetching {@code href} in the background, dropping what was fetched ahead before. */
    void start(String href, Supplier<T> fetch) {
        cancel();
        aheadHref = href;
        ahead = CompletableFuture.supplyAsync(fetch, executor);
    }

    /** What was fetched ahead for {@code href}, or {@code fetch} run now when nothing was. */
    T take(String href, Supplier<T> fetch) {
        CompletableFuture<T> prefetched = href.equals(aheadHref) ? ahead : null;
        ahead = null;
        aheadHref = null;
        return prefetched == null ? fetch.get() : join(prefetched);
    }

    /** Drops a fetch still running (the step stopped or failed): its page is never handed out. */
    void cancel() {
        if (ahead != null) {
            ahead.cancel(false);
        }
        ahead = null;
        aheadHref = null;
    }

    private static <T> T join(CompletableFuture<T> prefetched) {
        try {
            return prefetched.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
