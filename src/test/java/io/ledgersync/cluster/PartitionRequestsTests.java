package io.ledgersync.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;

import io.ledgersync.cluster.PartitionRequests.Outcome;

/** What a worker's meter says became of a partition request. */
class PartitionRequestsTests {

    @Test
    void aPartitionRunOnAWorkerEndsInTheOutcomeEveryRunAndPartitionIsReadWith() {
        assertThat(Outcome.ran(BatchStatus.COMPLETED)).isEqualTo(Outcome.COMPLETED);
        assertThat(Outcome.ran(BatchStatus.STOPPED)).isEqualTo(Outcome.STOPPED);
        assertThat(Outcome.ran(BatchStatus.FAILED)).isEqualTo(Outcome.FAILED);
        assertThat(Outcome.ran(BatchStatus.ABANDONED)).as("not a tag of its own").isEqualTo(Outcome.FAILED);
        assertThat(Outcome.ran(BatchStatus.UNKNOWN)).isEqualTo(Outcome.FAILED);
    }

    @Test
    void theMeterTagsADiscardedRequestInLowerCaseAsItAlwaysHas() {
        assertThat(Outcome.DISCARDED.tag()).isEqualTo("discarded");
        assertThat(Outcome.COMPLETED.tag()).isEqualTo("COMPLETED");
    }
}
