package io.ledgersync.sync;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
}
