package io.ledgersync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The README's quick start, done as a newcomer does it: the service started with the fixed dev password against the
 * embedded sandbox and a fresh H2 warehouse prints the lines of the README's first-run block (numbers, durations and
 * dates aside), answers {@code curl -u admin:dev}, and exits 0 when stopped. The README's H2 Shell command is
 * H2ShellIntegrationTests'.
 */
class FirstRunIntegrationTests {

    private static final Duration FIRST_SYNC = Duration.ofSeconds(120);
    private static final Pattern PORT = Pattern.compile("Tomcat started on port (\\d+)");

    @Test
    void theFirstRunPrintsTheReadmesLinesAndAcceptsTheDevPassword() throws Exception {
        Path warehouse = Files.createTempDirectory(Files.createDirectories(Path.of("target", "tmp")), "first-run").toAbsolutePath();
        MarkdownFile readme = MarkdownFile.read(Path.of("README.md"));
        MarkdownFile.Block expected = readme.blockAfter(DocsTests.FIRST_RUN_MARKER).orElseThrow();

        LedgersyncJvm service = LedgersyncJvm.start("first-run", List.of("serve", "--server.port=0"), Map.of(
                "LEDGERSYNC_ADMIN_PASSWORD", "dev", "LEDGERSYNC_DB_URL", h2Url(warehouse.resolve("warehouse").toString())));
        try {
            service.awaitOutput("Sync run \\d+ COMPLETED", FIRST_SYNC);

            assertThat(unmatched(expected, service.stdout().lines().toList())).as(service.describe()).isEmpty();
            String status = "http://127.0.0.1:" + port(service.stdout()) + "/api/status";
            assertThat(get(status, "admin:dev").statusCode()).as("curl -u admin:dev " + status).isEqualTo(200);
            assertThat(get(status, null).statusCode()).as("without a password").isEqualTo(401);
        } finally {
            service.terminate();
        }
        assertThat(service.awaitExit(Duration.ofSeconds(60))).as(service.describe()).isZero();
    }

    /**
     * The README's lines that no printed line matches, in order: each must match a line after the one the previous
     * matched. "..." stands for lines left out.
     */
    static List<String> unmatched(MarkdownFile.Block expected, List<String> printed) {
        List<String> masked = printed.stream().map(FirstRunIntegrationTests::mask).toList();
        int next = 0;
        List<String> unmatched = new ArrayList<>();
        for (String line : expected.lines()) {
            if (line.strip().equals("...")) {
                continue;
            }
            int found = masked.subList(next, masked.size()).indexOf(mask(line));
            if (found < 0) {
                unmatched.add(expected.where() + ", line '" + line + "': not printed (numbers and spaces aside), or not in this order");
            } else {
                next += found + 1;
            }
        }
        return unmatched;
    }

    /** Numbers, durations, dates, ports and ids vary from run to run; padding varies with their length. */
    static String mask(String line) {
        return line.replaceAll("\\d+", "0").replaceAll("\\s+", " ").strip();
    }

    private static String h2Url(String file) {
        return "jdbc:h2:file:" + file + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    }

    private static int port(String stdout) {
        Matcher port = PORT.matcher(stdout);
        assertThat(port.find()).as("the service says its port").isTrue();
        return Integer.parseInt(port.group(1));
    }

    private static HttpResponse<String> get(String url, String credentials) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        if (credentials != null) {
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
