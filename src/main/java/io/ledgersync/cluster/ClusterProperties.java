package io.ledgersync.cluster;

import java.time.Duration;
import java.util.Objects;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Cluster mode ({@code ledgersync.cluster.*}); every default is in {@code config/application.yml}.
 *
 * @param enabled whether {@code sync}, {@code serve} and the schedule send partitions to workers over RabbitMQ
 * @param name what the deployment's queue and rate budget are called, so that two deployments on one broker
 *        and one database never share work
 * @param pollInterval how often the manager reads the job repository for its partitions' outcomes
 * @param timeout how long the manager waits for one data set's partitions before it fails the run
 * @param workerPort the port of a worker's health and metrics
 */
@ConfigurationProperties("ledgersync.cluster")
public record ClusterProperties(boolean enabled, String name, Duration pollInterval, Duration timeout, int workerPort) {

    public ClusterProperties {
        Objects.requireNonNull(pollInterval, "ledgersync.cluster.poll-interval is not set");
        Objects.requireNonNull(timeout, "ledgersync.cluster.timeout is not set");
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")) {
            throw new IllegalArgumentException("ledgersync.cluster.name is '" + name
                    + "': use letters, digits, '.', '_' or '-' (at most 100), e.g. ledgersync");
        }
        if (pollInterval.toMillis() < 1) {
            throw new IllegalArgumentException("ledgersync.cluster.poll-interval is " + pollInterval + ": use 1ms or more");
        }
        if (timeout.toMillis() < 1) {
            throw new IllegalArgumentException("ledgersync.cluster.timeout is " + timeout + ": use 1ms or more");
        }
    }

    /** The durable queue of partition requests. */
    String partitionQueue() {
        return name + ".partitions";
    }

    /** Where the worker's refusals go: messages on the partition queue that are not partition requests. */
    String deadLetterQueue() {
        return partitionQueue() + ".dlq";
    }

    /** The key of the deployment's rate budget row. */
    String budgetKey() {
        return name;
    }
}
