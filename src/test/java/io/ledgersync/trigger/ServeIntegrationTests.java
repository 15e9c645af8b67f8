package io.ledgersync.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The service as a new user starts it: no Data API configured, so it starts the embedded sandbox
 * (5 companies of 1000 invoices by default) and runs a full sync on startup.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.datasource.url=jdbc:h2:mem:serve-it;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1",
        "ledgersync.api.base-url=",
        "ledgersync.sync.on-startup=true"})
class ServeIntegrationTests {

    @Autowired
    Jdbi jdbi;

    @Test
    void startupSyncFillsTheWarehouseFromTheEmbeddedSandbox() {
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(count("invoices")).isEqualTo(5000));

        assertThat(count("companies")).isEqualTo(5);
    }

    private long count(String table) {
        return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM " + table).mapTo(Long.class).one());
    }
}
