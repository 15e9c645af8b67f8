package io.ledgersync.warehouse.lock;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Exclusive locks, one per kind of run, that live exactly as long as their holder: a process that
 * dies (killed, crashed, its host gone) loses its locks with it, so the next run never waits for a
 * lease to run out. Each database has its own kind ({@link Dialect#runLocks}): an advisory lock of
 * the PostgreSQL session, or a lock in this JVM on H2, whose file only one process opens at a time.
 * Implementations are thread-safe.
 */
public interface RunLocks {

    /**
     * Takes the lock {@code name} if nobody holds it, here or in another process on the same database.
     *
     * @return the held lock, to be closed when the run ends; empty when someone else holds it
     */
    Optional<Held> tryAcquire(String name);

    /** Who holds the lock {@code name}, for messages; empty when it is free or cannot be told. */
    Optional<String> holder(String name);

    /** A held lock; closing it releases it, and closing it twice does nothing more. */
    interface Held extends AutoCloseable {

        @Override
        void close();

        /**
         * What to do if the lock is lost while held (its database session ended and another instance took it): the
         * holder must stop what the lock guards, since another instance may now start it. Called once, on a thread of
         * the lock's, with why; at once if the lock is lost already. A lock in this process is never lost.
         */
        default void whenLost(Consumer<String> reaction) {
        }
    }

    /** How this process names itself as a holder: {@code ledgersync <host>/<pid>}. */
    static String processName() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown-host";
        }
        return "ledgersync " + host + "/" + ProcessHandle.current().pid();
    }
}
