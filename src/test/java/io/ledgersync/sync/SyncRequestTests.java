package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.parameters.JobParameters;

import io.ledgersync.sync.partition.DataSetPartitioner;

class SyncRequestTests {

    @Test
    void commaListsAreTrimmedAndBlankMeansAll() {
        SyncRequest request = SyncRequest.of(" invoices , companies,,invoices", "");

        assertThat(request.datasets()).containsExactly("invoices", "companies");
        assertThat(request.companies()).isEmpty();
        assertThat(request.includesCompany("anything")).isTrue();
        assertThat(request.includesDataSet("bills")).isFalse();
    }

    @Test
    void survivesTheRoundTripThroughJobParameters() {
        SyncRequest request = SyncRequest.of("invoices", "a,b");

        assertThat(SyncRequest.from(request.toJobParameters(1L))).isEqualTo(request);
    }

    @Test
    void anyNumberOfCompanyIdsOfAnyLengthAndIdsWithACommaSurviveTheJobParameters() {
        // issue 17: 67 ids of 40 characters overflowed BATCH_JOB_EXECUTION_PARAMS.PARAMETER_VALUE varchar(2500) as one list
        java.util.List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 67; i++) {
            ids.add("company-" + "x".repeat(30) + i);
        }
        ids.add("acme,eu");
        ids.add("y".repeat(150));
        SyncRequest request = new SyncRequest(java.util.List.of("invoices"), ids);

        org.springframework.batch.core.job.parameters.JobParameters parameters = request.toJobParameters(1L);

        assertThat(SyncRequest.from(parameters)).isEqualTo(request);
        assertThat(parameters.parameters()).allSatisfy(parameter ->
                assertThat(String.valueOf(parameter.value()).length()).isLessThanOrEqualTo(SyncRequest.MAX_PARAMETER_LENGTH));
    }

    @Test
    void aCommaOfACompanyIdIsEscapedOnTheCommandLine() {
        SyncRequest request = SyncRequest.of("", "acme\\,eu, plain ,back\\\\slash");

        assertThat(request.companies()).containsExactly("acme,eu", "plain", "back\\slash");
    }

    @Test
    void aRunNamedByAnEarlierVersionWithOneCommaListIsStillRead() {
        org.springframework.batch.core.job.parameters.JobParameters legacy = new org.springframework.batch.core.job.parameters.JobParametersBuilder()
                .addString("mode", "FULL").addString("datasets", "invoices").addString("companies", "a,b").addLong("launched.at", 1L)
                .toJobParameters();

        assertThat(SyncRequest.from(legacy).companies()).containsExactly("a", "b");
    }

    @Test
    void aRunStartedBeforeTheKindsWereOneEnumIsResumedAsItWas() {
        // the job parameters that versions with a mode and a full-refresh flag wrote
        assertThat(SyncRequest.from(TestRuns.parametersBefore("FULL", "incremental"))).isEqualTo(SyncRequest.of("invoices", "a"));
        assertThat(SyncRequest.from(TestRuns.parametersBefore("FULL", "full"))).isEqualTo(SyncRequest.of("invoices", "a").withFullRefresh());
        assertThat(SyncRequest.from(TestRuns.parametersBefore("DEFERRED", "incremental")))
                .isEqualTo(SyncRequest.of("invoices", "a").withKind(SyncRequest.Kind.DEFERRED));
        assertThat(SyncRequest.from(TestRuns.parametersBefore("DEFERRED", "full"))).as("no trigger asked for it: read as deferred")
                .isEqualTo(SyncRequest.of("invoices", "a").withKind(SyncRequest.Kind.DEFERRED));
        assertThat(SyncRequest.from(TestRuns.parametersBefore("FULL", null))).as("before the walk parameter").isEqualTo(SyncRequest.of("invoices", "a"));
        assertThat(SyncRequest.from(TestRuns.parametersBefore(null, null))).as("before the mode").isEqualTo(SyncRequest.of("invoices", "a"));
    }

    @Test
    void eachKindIsStoredWithTheModeAndWalkOfBeforeSoThatRunsOfBothVersionsAreOneHistory() {
        for (SyncRequest.Kind kind : SyncRequest.Kind.values()) {
            JobParameters written = SyncRequest.of("invoices", "a").withKind(kind).toJobParameters(1L);

            assertThat(written.getString(SyncRequest.KIND_PARAMETER) + "/" + written.getString("walk")).as(kind.name())
                    .isEqualTo(switch (kind) {
                        case INCREMENTAL -> "FULL/incremental";
                        case FULL -> "FULL/full";
                        case DEFERRED -> "DEFERRED/incremental";
                    });
        }
    }

    @Test
    void anIncrementalRunAndAFullRefreshShareTheLockFullAndADeferredRunHasItsOwn() {
        assertThat(SyncRequest.Kind.INCREMENTAL.lockName()).isEqualTo("full");
        assertThat(SyncRequest.Kind.FULL.lockName()).isEqualTo("full");
        assertThat(SyncRequest.Kind.DEFERRED.lockName()).isEqualTo("deferred");
    }

    @Test
    void eachKindIsNamedByOneWordWhateverItsCase() {
        assertThat(SyncRequest.Kind.ofWord(" Full ")).contains(SyncRequest.Kind.FULL);
        assertThat(SyncRequest.Kind.ofWord("incremental")).contains(SyncRequest.Kind.INCREMENTAL);
        assertThat(SyncRequest.Kind.ofWord("DEFERRED")).contains(SyncRequest.Kind.DEFERRED);
        assertThat(SyncRequest.Kind.ofWord("full refresh")).isEmpty();
    }

    @Test
    void aPartitionIsNamedByItsCompanyIdOnlyWhenThatIdIsAShortPlainWord() {
        assertThat(DataSetPartitioner.partitionName("invoices", "ae01d966-eaa5-44d1-b690-4ea8dabb5026"))
                .isEqualTo("company-ae01d966-eaa5-44d1-b690-4ea8dabb5026");
        String longId = DataSetPartitioner.partitionName("invoices", "z".repeat(150));
        assertThat(longId).startsWith("company-sha256-").isNotEqualTo(DataSetPartitioner.partitionName("invoices", "z".repeat(151)));
        assertThat(("invoices:" + longId).length()).isLessThanOrEqualTo(DataSetPartitioner.MAX_STEP_NAME);
        assertThat(DataSetPartitioner.partitionName("invoices", "acme,eu")).startsWith("company-sha256-");
    }
}
