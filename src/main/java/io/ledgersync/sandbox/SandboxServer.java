package io.ledgersync.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

/** A running sandbox: the Data API served over real HTTP from a deterministic data set, until closed. */
public final class SandboxServer implements AutoCloseable {

    /** Enough for a partitioned sync and a few concurrent tests; more threads would only contend for 2 cores. */
    static final int THREADS = 16;

    private final HttpServer server;
    private final ExecutorService executor;
    private final DataApiHandler handler;
    private final SandboxDataset dataset;
    private final SandboxSettings settings;
    private final URI baseUrl;

    private SandboxServer(HttpServer server, ExecutorService executor, DataApiHandler handler,
            SandboxDataset dataset, SandboxSettings settings) {
        this.server = server;
        this.executor = executor;
        this.handler = handler;
        this.dataset = dataset;
        this.settings = settings;
        this.baseUrl = URI.create("http://" + urlHost(server.getAddress()) + ":" + server.getAddress().getPort());
    }

    /** Binds and starts serving; when this returns, requests to {@link #baseUrl()} are answered. */
    public static SandboxServer start(SandboxSettings settings) {
        SandboxDataset dataset = new SandboxDataset(settings);
        DataApiHandler handler = new DataApiHandler(dataset, new BasicAuth(settings.apiKey()),
                new RateLimitHeaders(settings.companies(), Clock.systemUTC()));
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(settings.host(), settings.port()), 128);
        } catch (IOException e) {
            throw new UncheckedIOException("The sandbox could not listen on " + settings.host() + ":"
                    + settings.port() + ": " + e.getMessage(), e);
        }
        ExecutorService executor = Executors.newFixedThreadPool(THREADS, daemonThreads());
        server.createContext("/", handler);
        server.setExecutor(executor);
        server.start();
        return new SandboxServer(server, executor, handler, dataset, settings);
    }

    /** Where the API is, without a trailing slash: endpoints are {@code baseUrl() + "/companies"}. */
    public URI baseUrl() {
        return baseUrl;
    }

    public String apiKey() {
        return settings.apiKey();
    }

    public SandboxDataset dataset() {
        return dataset;
    }

    /** HTTP requests received since start, whatever their status. */
    public long requestCount() {
        return handler.requestCount();
    }

    /** Stops at once: open connections are dropped rather than drained, which tests and shutdown both want. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "SandboxServer[" + baseUrl + ", " + settings + "]";
    }

    /** A wildcard bind is reachable through loopback; an IPv6 literal needs brackets in a URL. */
    private static String urlHost(InetSocketAddress address) {
        InetAddress bound = address.getAddress();
        if (bound.isAnyLocalAddress()) {
            return "127.0.0.1";
        }
        String literal = bound.getHostAddress();
        return literal.contains(":") ? "[" + literal + "]" : literal;
    }

    /** Daemon threads, so a forgotten sandbox never keeps a JVM (or a test run) alive. */
    private static ThreadFactory daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, "sandbox-http-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
