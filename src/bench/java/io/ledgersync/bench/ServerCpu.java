package io.ledgersync.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;

/**
 * CPU seconds a PostgreSQL server on this machine has used so far, read from Linux's /proc: the postmaster's own,
 * that of the children it has reaped (backends that have ended) and that of the children still running. On 2 cores
 * the server competes with the client and the sandbox, so its share is part of where a benchmark's time goes. NaN
 * where it cannot be read (another machine, not Linux, no permission to read the data directory).
 */
final class ServerCpu {

    private static final double TICKS_PER_SECOND = 100.0; // USER_HZ: 100 on every Linux this runs on

    private final long postmaster;

    private ServerCpu(long postmaster) {
        this.postmaster = postmaster;
    }

    /** No server to account for: H2 runs inside the client JVM. */
    static ServerCpu none() {
        return new ServerCpu(-1);
    }

    /** The server behind a JDBC URL, found through the first line of its data directory's postmaster.pid. */
    static ServerCpu of(String jdbcUrl, String user) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl, user, "");
                Statement statement = connection.createStatement();
                ResultSet directory = statement.executeQuery("SHOW data_directory")) {
            directory.next();
            List<String> pid = Files.readAllLines(Path.of(directory.getString(1), "postmaster.pid"));
            return new ServerCpu(Long.parseLong(pid.get(0).strip()));
        } catch (SQLException | IOException | RuntimeException e) {
            return new ServerCpu(-1);
        }
    }

    double seconds() {
        if (postmaster < 0) {
            return Double.NaN;
        }
        try (Stream<Path> tasks = Files.list(Path.of("/proc"))) {
            long ticks = ticks(postmaster, true);
            for (Path task : tasks.toList()) {
                String name = task.getFileName().toString();
                if (name.chars().allMatch(Character::isDigit) && parent(Long.parseLong(name)) == postmaster) {
                    ticks += ticks(Long.parseLong(name), false);
                }
            }
            return ticks / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** utime + stime, and with {@code reaped} also cutime + cstime: fields 14 to 17 of /proc/PID/stat. */
    private static long ticks(long pid, boolean reaped) {
        String[] fields = stat(pid);
        if (fields == null) {
            return 0;
        }
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return reaped ? ticks + Long.parseLong(fields[13]) + Long.parseLong(fields[14]) : ticks;
    }

    private static long parent(long pid) {
        String[] fields = stat(pid);
        return fields == null ? -1 : Long.parseLong(fields[1]);
    }

    /** The fields after the command name, which may hold spaces: fields[0] is the state (field 3). */
    private static String[] stat(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException e) {
            return null; // it ended meanwhile
        }
    }
}
