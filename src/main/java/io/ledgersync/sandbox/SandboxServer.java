package io.ledgersync.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

import io.ledgersync.sandbox.account.Account;
import io.ledgersync.sandbox.account.ApiKeys;
import io.ledgersync.sandbox.records.ApiException;
import io.ledgersync.sandbox.records.Companies;
import io.ledgersync.sandbox.faults.RequestFaults;
import io.ledgersync.sandbox.http.DataApiHandler;

/** A running sandbox: the Data API served over real HTTP from a deterministic data set, until closed. */
public final class SandboxServer implements AutoCloseable {

    /** Enough for a partitioned sync and a few concurrent tests; more threads would only contend for 2 cores. */
    static final int THREADS = 16;

    static {
        // The JDK server writes a chunked page's last chunk as its own small packet; with Nagle's algorithm on, that
        // packet waits for the client's delayed ACK (~40 ms a response). Read once, when the server classes load.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final DataApiHandler handler;
    private final SandboxSettings settings;
    private final Companies companies;
    private final ApiKeys keys;
    private final SandboxFaults faults;
    private final URI baseUrl;

    private SandboxServer(HttpServer server, ExecutorService executor, DataApiHandler handler,
            SandboxSettings settings, Companies companies, ApiKeys keys, SandboxFaults faults) {
        this.server = server;
        this.executor = executor;
        this.handler = handler;
        this.settings = settings;
        this.companies = companies;
        this.keys = keys;
        this.faults = faults;
        this.baseUrl = URI.create("http://" + urlHost(server.getAddress()) + ":" + server.getAddress().getPort());
    }

    /** Binds and starts serving; when this returns, requests to {@link #baseUrl()} are answered. */
    public static SandboxServer start(SandboxSettings settings) {
        Clock clock = settings.clock();
        Companies companies = new Companies(settings.companies(), settings.recordsPerCompany(), settings.seed(),
                settings.recordsAsOf(), clock);
        Account account = new Account(clock, settings.freeTrial(), clock.instant().minus(settings.accountAge()),
                settings.companies());
        ApiKeys keys = new ApiKeys(settings.apiKey(), account.created(), clock, settings.seed());
        RequestFaults requestFaults = new RequestFaults(clock, settings.seed(), account.dailyRequestLimit());
        DataApiHandler handler = new DataApiHandler(companies, keys, account, requestFaults, clock, settings.seed());
        SandboxFaults faults = new SandboxFaults(requestFaults, companies, clock);
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
        return new SandboxServer(server, executor, handler, settings, companies, keys, faults);
    }

    /**
     * Starts with a scenario file (see the package documentation for its format): its {@code data} and
     * {@code account} sections adjust {@code settings} before start, its {@code keys}, {@code dataSets} and
     * {@code faults} are scripted before the first request.
     */
    public static SandboxServer start(SandboxSettings settings, Path scenarioFile) {
        SandboxScenario scenario = SandboxScenario.read(scenarioFile);
        SandboxServer server = start(scenario.adjust(settings));
        try {
            scenario.script(server);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** Where the API is, without a trailing slash: endpoints are {@code baseUrl() + "/companies"}. */
    public URI baseUrl() {
        return baseUrl;
    }

    /** The account's first key, from the settings. */
    public String apiKey() {
        return settings.apiKey();
    }

    /** The records this sandbox serves, as JSON, for comparisons with what a client read. */
    public SandboxDataSet dataSet() {
        return new SandboxDataSet(companies);
    }

    /** Scripts faults and data set states of this sandbox; see {@link SandboxFaults}. */
    public SandboxFaults faults() {
        return faults;
    }

    /**
     * Issues another API key, as {@code POST /apiKeys} does, and returns its value. With company ids the key is tied
     * to those companies (403 for any other, and for the account endpoints); without, it is account-wide. The 11th
     * key fails with an {@link IllegalStateException}.
     */
    public String createApiKey(String name, String... companyIds) {
        for (String id : companyIds) {
            if (companies.find(id) == null) {
                throw new IllegalArgumentException("no company with id " + id + " in this sandbox");
            }
        }
        try {
            return keys.create(name, null, companyIds.length == 0 ? null : Set.of(companyIds)).value();
        } catch (ApiException refused) {
            throw new IllegalStateException(refused.error());
        }
    }

    ApiKeys keys() {
        return keys;
    }

    /** The clock this sandbox reads (from its settings). */
    public Clock clock() {
        return settings.clock();
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
