package io.ledgersync.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.ledgersync.LedgersyncApplication;

/** Cluster mode's settings and its refusal of a warehouse that other processes cannot share. */
class ClusterModeTests {

    @Test
    void clusterModeOnH2IsRefusedInOneLineWithExitTwo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = LedgersyncApplication.run(new String[] {"worker", "--spring.datasource.url=jdbc:h2:mem:cluster_h2;MODE=PostgreSQL",
                "--server.port=0", "--ledgersync.api.base-url=http://127.0.0.1:9", "--ledgersync.api.api-key=k"}, System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .startsWith("Cluster mode needs a PostgreSQL warehouse").contains("jdbc:h2:mem:cluster_h2")
                .contains("set LEDGERSYNC_DB_URL to a jdbc:postgresql:// URL, or LEDGERSYNC_CLUSTER_ENABLED=false");
    }

    @Test
    void theQueueCarriesTheClusterNameSoThatTwoDeploymentsNeverShareWork() {
        ClusterProperties blue = new ClusterProperties(true, "blue", Duration.ofSeconds(1), Duration.ofHours(1), 8090);
        ClusterProperties green = new ClusterProperties(true, "green", Duration.ofSeconds(1), Duration.ofHours(1), 8090);

        assertThat(blue.partitionQueue()).isEqualTo("blue.partitions").isNotEqualTo(green.partitionQueue());
        assertThat(blue.budgetKey()).isNotEqualTo(green.budgetKey());
    }

    @Test
    void aClusterNameThatCannotNameAQueueIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> new ClusterProperties(true, "two words", Duration.ofSeconds(1), Duration.ofHours(1), 8090))
                .hasMessageStartingWith("ledgersync.cluster.name is 'two words'");
    }
}
