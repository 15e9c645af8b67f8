package io.ledgersync.source;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one whole-API judgement: is the Data API down, rather than some companies' connections broken? Down when no
 * request at all has succeeded for {@code probeEvery}, and among the companies (and the company list) whose requests
 * had an answer in the last {@code window}, at least {@code minFailing} and more than half last failed in a way that
 * means a service down (5xx, 503, a dropped or refused connection). One company failing, however often, never makes
 * the API down, nor do several while others still succeed: their own circuit breakers ({@link PerCompany}) and
 * retries deal with them, and the others go on.
 *
 * <p>While down, requests fail at once ({@link DataApiDownException}) instead of each waiting out its retries, except
 * one probe every {@code probeEvery}; the first success ends the judgement. Thread-safe.
 */
final class ApiOutage {

    private static final Logger log = LoggerFactory.getLogger(ApiOutage.class);
    /** The key of requests outside a company: the company list. */
    private static final String TOP_LEVEL = "";

    private final Clock clock;
    private final Duration window;
    private final Duration probeEvery;
    private final int minFailing;
    private final int maxTracked;
    /** Each scope's latest answer: when, and the failure (null for a success). Access order, bounded. */
    private final LinkedHashMap<String, Answer> latest = new LinkedHashMap<>(16, 0.75f, true);
    private Instant lastSuccess = Instant.MIN;
    private Instant nextProbe;
    private String judgement;

    ApiOutage(Clock clock, Duration window, Duration probeEvery, int minFailing, int maxTracked) {
        this.clock = clock;
        this.window = window;
        this.probeEvery = probeEvery;
        this.minFailing = minFailing;
        this.maxTracked = maxTracked;
    }

    /** Refuses the request while the Data API is down, unless it is the probe that is due. */
    synchronized void check(String request) {
        if (judgement == null) {
            return;
        }
        Instant now = clock.instant();
        if (now.isBefore(nextProbe)) {
            throw new DataApiDownException(request, judgement);
        }
        nextProbe = now.plus(probeEvery);
        log.info("{}: probing whether the Data API answers again", request);
    }

    synchronized void succeeded(String relativePath) {
        lastSuccess = clock.instant();
        remember(relativePath, new Answer(lastSuccess, null));
        if (judgement != null) {
            judgement = null;
            log.info("The Data API answers again: requests are sent again");
        }
    }

    /** Counts only failures that mean a service down; a 4xx or a 429 is about the request or the pace, not the API. */
    synchronized void failed(String relativePath, DataApiException failure) {
        if (!meansDown(failure)) {
            return;
        }
        Instant now = clock.instant();
        remember(relativePath, new Answer(now, failure));
        if (judgement != null || lastSuccess.isAfter(now.minus(probeEvery))) {
            return;
        }
        int answered = 0;
        int failing = 0;
        for (Answer answer : latest.values()) {
            if (!answer.at().isBefore(now.minus(window))) {
                answered++;
                failing += answer.failure() == null ? 0 : 1;
            }
        }
        if (failing >= minFailing && 2 * failing > answered) {
            judgement = "the Data API looks down: the last requests of " + failing + " of the " + answered
                    + " companies asked in the last " + window.toSeconds() + " s failed (the latest: " + failure.getMessage()
                    + "); requests fail at once, but for one probe every " + probeEvery.toSeconds() + " s";
            nextProbe = now.plus(probeEvery);
            log.warn("{}", judgement);
        }
    }

    synchronized boolean down() {
        return judgement != null;
    }

    /** What opens a company data set's breaker, and also a Data API that cannot be connected to at all. */
    static boolean meansDown(DataApiException failure) {
        return DataApiResilienceFactory.meansServiceDown(failure) || DataApiResilience.cannotConnect(failure);
    }

    private void remember(String relativePath, Answer answer) {
        String company = PerCompany.companyId(relativePath);
        latest.put(company == null ? TOP_LEVEL : company, answer);
        if (latest.size() > maxTracked) {
            latest.remove(latest.keySet().iterator().next());
        }
    }

    private record Answer(Instant at, DataApiException failure) {
    }
}
