package io.ledgersync.trigger.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;

/**
 * A GET over a plain socket bound to a chosen local address, so that a test can be another client than the
 * others (127.0.0.2 is loopback too): the JDK's HttpClient cannot choose its local address on Java 17.
 */
final class RawHttp {

    /** Status, headers and body of one response. */
    record Response(int status, String head, String body) {

        String header(String name) {
            for (String line : head.split("\r\n")) {
                if (line.toLowerCase(Locale.ROOT).startsWith(name.toLowerCase(Locale.ROOT) + ":")) {
                    return line.substring(name.length() + 1).trim();
                }
            }
            return null;
        }
    }

    private RawHttp() {
    }

    static Response get(int port, String fromAddress, String path, String credentials) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port, InetAddress.getByName(fromAddress), 0)) {
            StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nConnection: close\r\n");
            if (credentials != null) {
                request.append("Authorization: Basic ").append(Base64.getEncoder()
                        .encodeToString(credentials.getBytes(StandardCharsets.UTF_8))).append("\r\n");
            }
            OutputStream out = socket.getOutputStream();
            out.write(request.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String response = read(socket.getInputStream());
            int headEnd = response.indexOf("\r\n\r\n");
            String head = response.substring(0, headEnd);
            return new Response(Integer.parseInt(head.split(" ")[1]), head, response.substring(headEnd + 4));
        }
    }

    private static String read(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        in.transferTo(bytes);
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
