package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

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
    void aFullRefreshThatAcceptsDeletesSurvivesTheJobParametersAsAnIdentifyingParameter() {
        SyncRequest accepting = SyncRequest.of("invoices", "a").withFullRefresh().acceptingDeletes();

        JobParameters parameters = accepting.toJobParameters(1L);

        assertThat(SyncRequest.from(parameters)).isEqualTo(accepting)
                .as("not the request of a full refresh that keeps to the bound: neither resumes the other")
                .isNotEqualTo(SyncRequest.of("invoices", "a").withFullRefresh());
        assertThat(parameters.getIdentifyingParameters()).extracting(p -> p.name()).contains("deletes.accepted");
        assertThat(SyncRequest.of("invoices", "a").withFullRefresh().toJobParameters(1L).parameters())
                .as("a run that keeps to the bound is written as before the override existed")
                .extracting(p -> p.name()).doesNotContain("deletes.accepted");
    }

    @Test
    void onlyAFullRefreshCanAcceptDeletes() {
        for (SyncRequest.Kind kind : List.of(SyncRequest.Kind.INCREMENTAL, SyncRequest.Kind.DEFERRED)) {
            assertThatThrownBy(() -> new SyncRequest(kind, List.of(), List.of(), true)).as(kind.name())
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Only a full refresh marks deletes");
        }
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
        assertThat(SyncRequest.from(TestRuns.parametersBefore("FULL", "full")).acceptDeletes()).as("before the override")
                .isFalse();
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
