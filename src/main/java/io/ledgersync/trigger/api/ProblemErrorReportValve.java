package io.ledgersync.trigger.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.apache.catalina.core.StandardHost;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's answer to a request it refuses before the application sees it ({@code %00} or an encoded {@code /} in the
 * path, a malformed request line), as a problem detail instead of Tomcat's HTML page: the last place where an error
 * of the API could still be answered in another form than every other. Installed on the host by {@link #install}.
 */
public final class ProblemErrorReportValve extends ErrorReportValve {

    /** Makes this the host's error report valve, for Spring Boot to apply to the embedded Tomcat. */
    static WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> install() {
        return factory -> factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
            }
        });
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int code = response.getStatus();
        if (code < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        HttpStatus status = HttpStatus.resolve(code);
        String title = status == null ? "Error" : status.getReasonPhrase();
        String detail = code >= 500 ? "The request failed on our side; the service's log has the cause"
                : "The request was refused before it reached the API (" + title + "): a path with an encoded '/', a"
                        + " control character or another malformed part; ask for the path as the API describes it";
        String problem = "{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":" + code + ",\"detail\":\""
                + detail + "\"}";
        try {
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            response.getWriter().write(problem);
            response.finishResponse();
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response was taken over: nothing left to answer
        }
    }
}
