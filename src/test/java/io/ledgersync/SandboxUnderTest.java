package io.ledgersync;

import org.springframework.test.context.DynamicPropertyRegistry;

import io.ledgersync.sandbox.SandboxServer;

/**
 * How a whole-app test points the service at a sandbox of its own: its address and key, and no run but the test's
 * (no sync at start-up, no schedule: tests that move the clock by days would otherwise see the schedule start a
 * nightly run and a purge beside their own), so that every run a test asserts on is one it launched.
 */
public final class SandboxUnderTest {

    private SandboxUnderTest() {
    }

    public static void register(DynamicPropertyRegistry registry, SandboxServer sandbox) {
        registry.add("ledgersync.api.base-url", () -> sandbox.baseUrl().toString());
        registry.add("ledgersync.api.api-key", sandbox::apiKey);
        registry.add("ledgersync.sync.on-startup", () -> false);
        registry.add("ledgersync.schedule.enabled", () -> false);
    }
}
