package io.ledgersync.warehouse;

import java.sql.Connection;
import java.sql.SQLException;

import org.jdbi.v3.core.Handle;

/**
 * Several statements on one handle as one transaction: the caller's, when it has one (a chunk's Spring transaction,
 * whose connection is not in auto-commit), else one of their own. Jdbi's own transactions would commit the caller's.
 */
final class Transactions {

    interface Work {
        void run() throws SQLException;
    }

    private Transactions() {
    }

    static void inOne(Handle handle, Work work) {
        Connection connection = handle.getConnection();
        try {
            boolean own = connection.getAutoCommit();
            if (own) {
                connection.setAutoCommit(false);
            }
            try {
                work.run();
                if (own) {
                    connection.commit();
                }
            } catch (RuntimeException | SQLException e) {
                if (own) {
                    connection.rollback();
                }
                throw e;
            } finally {
                if (own) {
                    connection.setAutoCommit(true);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("A warehouse transaction failed: " + e.getMessage(), e);
        }
    }
}
