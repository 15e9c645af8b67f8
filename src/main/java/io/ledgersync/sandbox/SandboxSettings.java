package io.ledgersync.sandbox;

/**
 * What a sandbox serves and where: bind address, data set size, the seed that fixes every record, and the API key.
 *
 * @param host                address to bind, a name or literal; {@code 0.0.0.0} listens on every interface
 * @param port                TCP port, {@code 0} for any free port
 * @param companies           number of companies served
 * @param invoicesPerCompany  number of invoices of every company
 * @param seed                the same seed always serves the same bytes
 * @param apiKey              the only key the sandbox accepts
 */
public record SandboxSettings(String host, int port, int companies, int invoicesPerCompany, long seed, String apiKey) {

    /** The documented local key; never a secret, so it may appear in docs, compose files and logs. */
    public static final String DEFAULT_API_KEY = "sandbox-key";

    /** More companies than this would make the company list, which is held in memory, pointlessly large. */
    static final int MAX_COMPANIES = 100_000;

    public SandboxSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, was " + port);
        }
        if (companies < 0 || companies > MAX_COMPANIES) {
            throw new IllegalArgumentException(
                    "companies must be between 0 and " + MAX_COMPANIES + ", was " + companies);
        }
        if (invoicesPerCompany < 0) {
            throw new IllegalArgumentException("invoicesPerCompany must not be negative, was " + invoicesPerCompany);
        }
        if (apiKey == null || apiKey.isEmpty()) {
            throw new IllegalArgumentException("apiKey must not be empty");
        }
    }

    /** Loopback, any free port, 5 companies of 1000 invoices, seed 42, the default key. */
    public static SandboxSettings defaults() {
        return new SandboxSettings("127.0.0.1", 0, 5, 1000, 42L, DEFAULT_API_KEY);
    }

    public SandboxSettings withHost(String newHost) {
        return new SandboxSettings(newHost, port, companies, invoicesPerCompany, seed, apiKey);
    }

    public SandboxSettings withPort(int newPort) {
        return new SandboxSettings(host, newPort, companies, invoicesPerCompany, seed, apiKey);
    }

    public SandboxSettings withCompanies(int newCompanies) {
        return new SandboxSettings(host, port, newCompanies, invoicesPerCompany, seed, apiKey);
    }

    public SandboxSettings withInvoicesPerCompany(int newInvoicesPerCompany) {
        return new SandboxSettings(host, port, companies, newInvoicesPerCompany, seed, apiKey);
    }

    public SandboxSettings withSeed(long newSeed) {
        return new SandboxSettings(host, port, companies, invoicesPerCompany, newSeed, apiKey);
    }

    public SandboxSettings withApiKey(String newApiKey) {
        return new SandboxSettings(host, port, companies, invoicesPerCompany, seed, newApiKey);
    }

    /** Keeps the key out of logs and exception messages even when it is a real one. */
    @Override
    public String toString() {
        return "SandboxSettings[host=" + host + ", port=" + port + ", companies=" + companies
                + ", invoicesPerCompany=" + invoicesPerCompany + ", seed=" + seed + ", apiKey=<hidden>]";
    }
}
