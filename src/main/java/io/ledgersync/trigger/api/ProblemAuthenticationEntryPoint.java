package io.ledgersync.trigger.api;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;

/**
 * Answers a request without valid credentials as the rest of the API answers errors: 401 with an
 * RFC 9457 problem detail, and the {@code WWW-Authenticate} challenge of HTTP Basic. Security's
 * own entry point answers with an empty body, which the API description could not describe.
 */
final class ProblemAuthenticationEntryPoint implements AuthenticationEntryPoint {

    static final String REALM = "ledgersync";

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
            throws IOException {
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"" + REALM + "\"");
        // the same answer for a wrong user, a wrong password and none: nothing to probe with
        ProblemResponses.write(request, response, HttpStatus.UNAUTHORIZED, "Authentication required: HTTP Basic with"
                + " the API user (LEDGERSYNC_ADMIN_USER and LEDGERSYNC_ADMIN_PASSWORD)");
    }
}
