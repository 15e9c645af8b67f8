package io.ledgersync.trigger;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;

import tools.jackson.databind.json.JsonMapper;

/**
 * Answers a request without valid credentials as the rest of the API answers errors: 401 with an
 * RFC 9457 problem detail, and the {@code WWW-Authenticate} challenge of HTTP Basic. Security's
 * own entry point answers with an empty body, which the API description could not describe.
 */
final class ProblemAuthenticationEntryPoint implements AuthenticationEntryPoint {

    static final String REALM = "ledgersync";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
            throws IOException {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", "about:blank");
        problem.put("title", HttpStatus.UNAUTHORIZED.getReasonPhrase());
        problem.put("status", HttpStatus.UNAUTHORIZED.value());
        // the same answer for a wrong user, a wrong password and none: nothing to probe with
        problem.put("detail", "Authentication required: HTTP Basic with the API user (LEDGERSYNC_ADMIN_USER and LEDGERSYNC_ADMIN_PASSWORD)");
        problem.put("instance", request.getRequestURI());
        response.setStatus(HttpStatus.UNAUTHORIZED.value());
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"" + REALM + "\"");
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write(JSON.writeValueAsString(problem));
    }
}
