package io.ledgersync.source;

import java.util.Locale;

/**
 * 402 (CONTRACT.md §7.2): an account limit is reached; the {@code error} text and the validation
 * message name which one, and the message tells the operator how to free it. Never retried.
 * Immutable.
 */
public class AccountLimitException extends DataApiException {

    AccountLimitException(String request, ApiError error) {
        super(request, 402, error, null, advice(error));
    }

    @Override
    public boolean permanent() {
        return true;
    }

    /** The limit named by the first validation message, else by the {@code error} text. */
    public String limit() {
        ApiError error = error();
        if (error != null && !error.validationMessages().isEmpty()) {
            return error.validationMessages().get(0);
        }
        return error == null ? null : error.error();
    }

    private static String advice(ApiError error) {
        String named = (String.valueOf(error == null ? null : error.error()) + " "
                + (error == null ? "" : String.join(" ", error.validationMessages()))).toLowerCase(Locale.ROOT);
        String remedy;
        if (named.contains("account expired")) {
            remedy = "the free account is older than 365 days and has expired: upgrade or renew the account";
        } else if (named.contains("company limit")) {
            remedy = "the free trial's limit of 50 companies is reached: delete companies you no longer need, or upgrade";
        } else if (named.contains("sync schedule")) {
            remedy = "the free trial does not allow an hourly sync schedule: choose a longer schedule, or upgrade";
        } else {
            remedy = "free the limit that the error and validation message name, or upgrade the account";
        }
        return "An account limit of the Data API is reached: " + remedy;
    }
}
