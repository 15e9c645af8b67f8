package io.ledgersync.trigger.api;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.util.StringUtils;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Every POST of the API must say {@code Content-Type: application/json}, whether or not it has a body: anything
 * else, no Content-Type included, is 415 before a controller sees it. This is what keeps a cross-site page from
 * driving the API with a browser's cached Basic credentials (see {@link SecurityConfiguration}): the requests such a
 * page can send without a CORS preflight carry no Content-Type or one of {@code application/x-www-form-urlencoded},
 * {@code multipart/form-data} and {@code text/plain}. It also means that {@code POST /api/runs} without a body starts
 * a run of everything only when asked for as JSON. Spring's {@code consumes} cannot say this: it lets a request
 * without a body through when the body is optional.
 */
final class JsonOnlyPosts implements HandlerInterceptor {

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
            throws HttpMediaTypeNotSupportedException {
        if (!HttpMethod.POST.matches(request.getMethod())) {
            return true;
        }
        MediaType sent = mediaType(request.getContentType());
        if (sent != null && MediaType.APPLICATION_JSON.isCompatibleWith(sent)) {
            return true;
        }
        throw new HttpMediaTypeNotSupportedException(sent, List.of(MediaType.APPLICATION_JSON), HttpMethod.POST);
    }

    /** The request's type, or null when it has none or one that cannot be read. */
    private static MediaType mediaType(String contentType) {
        if (!StringUtils.hasText(contentType)) {
            return null;
        }
        try {
            return MediaType.parseMediaType(contentType);
        } catch (IllegalArgumentException unreadable) {
            return null;
        }
    }
}
