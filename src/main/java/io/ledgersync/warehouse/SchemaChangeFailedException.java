package io.ledgersync.warehouse;

import java.util.List;

/**
 * A start's change of the data-set tables failed mid-way in the database; its message is the failure's, then whether
 * everything it had changed was taken back ({@code AllOrNothing}): normally "nothing was changed". Immutable.
 */
public final class SchemaChangeFailedException extends IllegalStateException {

    private final List<String> left;

    SchemaChangeFailedException(RuntimeException failure, List<String> left) {
        super(failure.getMessage() + (left.isEmpty() ? "; nothing was changed: the warehouse is as it was before this start"
                : "; taking it back failed too, so these changes are left: undo them by hand before the next start: "
                        + String.join("; ", left)), failure);
        this.left = List.copyOf(left);
    }

    /** The statements that take back what is left of the change (empty when nothing is), each with the reason it failed. */
    public List<String> left() {
        return left;
    }

    /** The innermost message of a failure: Jdbi's and Spring's wrappers repeat it with the statement's text and arguments. */
    public static String innermostMessage(Throwable failure) {
        String message = failure.getClass().getName();
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                message = cause.getMessage();
            }
        }
        return message;
    }
}
