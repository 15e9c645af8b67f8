package io.ledgersync.trigger.api;

import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;

/**
 * Once the service is up, one line to paste that reaches the REST API: its address with the port it listens on, and
 * with a generated password the {@code export} and {@code curl} that work as printed, so that the README's
 * {@code curl -u admin:$LEDGERSYNC_ADMIN_PASSWORD} sends the password and not an empty one. Last of the start's lines,
 * where it is seen. Only for {@code serve}: a worker's port serves its health and metrics.
 */
final class ApiAddressLine implements ApplicationListener<ApplicationReadyEvent> {

    private static final Logger log = LoggerFactory.getLogger(ApiAddressLine.class);
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9._@+-]+");

    private final ApiCredentials credentials;
    private final Environment environment;

    ApiAddressLine(ApiCredentials credentials, Environment environment) {
        this.credentials = credentials;
        this.environment = environment;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        String port = environment.getProperty("local.server.port");
        if (port == null || !environment.getProperty("ledgersync.command", "serve").equals("serve")) {
            return;
        }
        String api = "http://" + host() + ":" + port + environment.getProperty("server.servlet.context-path", "") + "/api";
        if (!credentials.generated()) {
            log.info(line(credentials, api));
            return;
        }
        log.warn(line(credentials, api));
        log.warn(credentials.keptIn() != null
                ? "The generated password is kept in " + credentials.keptIn() + " (readable by its owner only) for the next"
                        + " starts; delete the file for a new one, or set LEDGERSYNC_ADMIN_PASSWORD to choose one"
                : "The generated password is new at each start: set LEDGERSYNC_ADMIN_PASSWORD to choose one");
    }

    /** The line to paste: with a generated password, the export of it and a curl of the status. */
    static String line(ApiCredentials credentials, String api) {
        String curl = "curl -u " + shellWord(credentials.username()) + ":$LEDGERSYNC_ADMIN_PASSWORD " + api + "/status";
        if (!credentials.generated()) {
            return "REST API: " + api + " -- user " + credentials.username() + " with the password set in"
                    + " LEDGERSYNC_ADMIN_PASSWORD (ledgersync.security.password), e.g. " + curl;
        }
        return "REST API: " + api + " -- export LEDGERSYNC_ADMIN_PASSWORD=" + quoted(credentials.password()) + "; " + curl;
    }

    private String host() {
        String address = environment.getProperty("server.address");
        return address == null || address.equals("0.0.0.0") || address.equals("::") ? "localhost" : address;
    }

    private static String shellWord(String word) {
        return PLAIN.matcher(word).matches() ? word : quoted(word);
    }

    /** Single quotes keep every character as it is in a POSIX shell; a single quote itself ends, escapes and reopens. */
    private static String quoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
