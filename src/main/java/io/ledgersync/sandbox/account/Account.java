package io.ledgersync.sandbox.account;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import io.ledgersync.sandbox.records.ApiException;

/**
 * The client account behind every key: its plan, its age and its daily quota, and the limits of CONTRACT.md §7.2,
 * §8 and §13 that follow from them. Its age is read from the injected clock, so a test reaches day 366 by moving the
 * clock, not by waiting.
 */
public final class Account {

    static final int FREE_TRIAL_COMPANIES = 50;
    static final Duration FREE_TRIAL_LIFETIME = Duration.ofDays(365);
    /** Where each limit is explained; §2.4 says the message ends with such a link. */
    static final String LIMITS_DOCS = "https://docs.codat.io/knowledge-base/free-account-limits";

    private final Clock clock;
    private final boolean freeTrial;
    private final Instant created;
    private final long dailyRequestLimit;

    /**
     * @param created   when the account was made: its age is measured from here on {@code clock}
     * @param companies the companies at start, which fix the daily quota: 1000 × (1 + companies) requests (§13)
     */
    public Account(Clock clock, boolean freeTrial, Instant created, int companies) {
        this.clock = clock;
        this.freeTrial = freeTrial;
        this.created = created;
        this.dailyRequestLimit = 1000L * (1 + companies);
    }

    /** Every request of an expired free trial is refused (§7.2 third row), whatever it asks for. */
    public void requireNotExpired() {
        if (freeTrial && Duration.between(created, clock.instant()).compareTo(FREE_TRIAL_LIFETIME) > 0) {
            throw ApiException.paymentRequired("Payment Required", new ApiException.ValidationItem(null,
                    "Account expired: this free account is older than 365 days. See " + LIMITS_DOCS, null));
        }
    }

    /** §7.2 first row: the 51st company of a free trial. */
    public void requireRoomForCompany(int companiesNow) {
        if (freeTrial && companiesNow >= FREE_TRIAL_COMPANIES) {
            throw ApiException.paymentRequired("CompanyValidationException: Company limit exceeded",
                    new ApiException.ValidationItem("Company", "Company limit exceeded: a free trial holds at most "
                            + FREE_TRIAL_COMPANIES + " companies; delete companies you no longer need and retry. See "
                            + LIMITS_DOCS, "CreateCompany"));
        }
    }

    /** §7.2 second row: an hourly sync schedule (every 1 hour, or more often) on a free trial. */
    public void requireScheduleAllowed(String dataType, int syncScheduleHours) {
        if (freeTrial && syncScheduleHours < 24) {
            throw ApiException.paymentRequired("SyncSettingsValidationException: Sync schedule not allowed",
                    new ApiException.ValidationItem(dataType, "Sync schedule not allowed: a sync every "
                            + syncScheduleHours + " hour(s) for " + dataType + " is not part of the free trial,"
                            + " which syncs at most daily (syncSchedule 24). See " + LIMITS_DOCS, "SyncSettings"));
        }
    }

    public Instant created() {
        return created;
    }

    /** The documented daily quota; the sandbox reports it in {@code X-Rate-Limit-*} but never enforces it. */
    public long dailyRequestLimit() {
        return dailyRequestLimit;
    }
}
