package io.ledgersync.trigger.api;

import java.io.ByteArrayInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body larger than {@code ledgersync.security.max-request-body} with 413, before authentication
 * and before anything reads it: an API whose bodies are a few hundred bytes must not let one request take the heap.
 * A body that announces its length is judged by it; a chunked one is read up to one byte past the limit, no further,
 * and handed on from memory. Thread-safe.
 */
final class RequestBodyLimit extends OncePerRequestFilter {

    private final DataSize limit;

    RequestBodyLimit(DataSize limit) {
        this.limit = limit;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long length = request.getContentLengthLong();
        if (length > limit.toBytes()) {
            refuse(request, response);
            return;
        }
        if (length < 0 && request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
            byte[] body = request.getInputStream().readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit.toBytes() + 1));
            if (body.length > limit.toBytes()) {
                refuse(request, response);
                return;
            }
            chain.doFilter(new BodyInMemory(request, body), response);
            return;
        }
        chain.doFilter(request, response);
    }

    private void refuse(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader(HttpHeaders.CONNECTION, "close"); // the rest of the body is not worth reading
        ProblemResponses.write(request, response, HttpStatus.PAYLOAD_TOO_LARGE, "The request body is larger than "
                + limit.toBytes() + " bytes: the API's bodies are a few names and a mode (the limit is"
                + " ledgersync.security.max-request-body)");
    }

    /** A chunked body already read, served again to whoever reads the request. */
    private static final class BodyInMemory extends HttpServletRequestWrapper {

        private final byte[] body;

        BodyInMemory(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream bytes = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return bytes.read();
                }

                @Override
                public int read(byte[] buffer, int offset, int length) {
                    return bytes.read(buffer, offset, length);
                }

                @Override
                public boolean isFinished() {
                    return bytes.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body is read already");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            return new BufferedReader(new InputStreamReader(getInputStream(),
                    encoding == null ? StandardCharsets.UTF_8 : java.nio.charset.Charset.forName(encoding)));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
