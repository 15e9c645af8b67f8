package io.ledgersync.warehouse.history;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The hash of a record's JSON that tells whether it changed: the same for the same content however it is spelled. The
 * text the Data API sent and the text PostgreSQL's {@code jsonb} gives back differ in key order, spacing and a number's
 * trailing zeros, so a history seeded from stored {@code raw} would otherwise see every record as changed when it is
 * next read. Keys are hashed sorted (a key given twice counts once, with its last value), numbers by value
 * ({@code 12.50} as {@code 12.5}). The canonical text is written in one streaming pass over the record's bytes, with
 * no tree of it (a first sync hashes every record it writes: issue 28); it is byte for byte the text the tree-based
 * version of this class hashed, so the hashes that warehouses already store stay valid ({@code RawHashTests}). The
 * usual record (ASCII keys, no escapes) is written without the parser, by {@link ByteCanonical}, to the same text.
 * Thread-safe.
 */
public final class RawHash {

    private static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    /** Half of SHA-256, as 32 hex digits: a chance collision among a record's versions is beyond any ledger's size. */
    private static final int BYTES = 16;
    private static final ThreadLocal<MessageDigest> DIGEST = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    });
    /** The usual record's way, without the parser ({@link ByteCanonical}); the parser's way for the rest. */
    private static final int KEPT_BUFFER = 1 << 20;
    private static final ThreadLocal<ByteCanonical> USUAL = ThreadLocal.withInitial(ByteCanonical::new);

    private RawHash() {
    }

    public static String of(String rawJson) {
        return of(rawJson.getBytes(StandardCharsets.UTF_8));
    }

    /** @param rawJson the record's JSON as UTF-8 bytes */
    public static String of(byte[] rawJson) {
        ByteCanonical usual = USUAL.get();
        if (!usual.write(rawJson)) {
            return ofParsed(rawJson);
        }
        MessageDigest digest = DIGEST.get();
        digest.update(usual.bytes, 0, usual.length);
        if (usual.bytes.length > KEPT_BUFFER) {
            USUAL.remove(); // a rare huge record: its buffers are not kept for the thread's life
        }
        return HexFormat.of().formatHex(digest.digest(), 0, BYTES);
    }

    /** The parser's way, for records {@link ByteCanonical} leaves to it; the tests hold the two ways to the same hash. */
    static String ofParsed(byte[] rawJson) {
        MessageDigest digest = DIGEST.get();
        Canonical canonical = new Canonical(rawJson.length + 64);
        try (JsonParser parser = JSON.createParser(rawJson)) {
            parser.nextToken();
            canonical.value(parser);
        }
        digest.update(canonical.bytes, 0, canonical.length);
        return HexFormat.of().formatHex(digest.digest(), 0, BYTES);
    }

    /** The canonical text's UTF-8 bytes, written as the parser goes; an object's members reordered once it is read. */
    private static final class Canonical {

        private byte[] bytes;
        private int length;

        Canonical(int capacity) {
            bytes = new byte[capacity];
        }

        /** One member of an object: its key and where its canonical text ({@code key:value,}) lies. */
        private record Member(String key, int from, int to) {
        }

        private static final Comparator<Member> BY_KEY = Comparator.comparing(Member::key);

        void value(JsonParser parser) {
            JsonToken token = parser.currentToken();
            switch (token) {
                case START_OBJECT -> object(parser);
                case START_ARRAY -> {
                    put('[');
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        value(parser);
                        put(',');
                    }
                    put(']');
                }
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                    BigDecimal value = parser.getDecimalValue();
                    ascii(value.signum() == 0 ? "0" : value.stripTrailingZeros().toString());
                }
                case VALUE_STRING -> quote(parser.getStringCharacters(), parser.getStringOffset(), parser.getStringLength());
                case VALUE_TRUE -> ascii("true");
                case VALUE_FALSE -> ascii("false");
                case VALUE_NULL -> ascii("null");
                default -> throw new IllegalArgumentException("Unexpected " + token + " in a record's JSON");
            }
        }

        /** {@code {k1:v1,k2:v2,}} with the keys sorted: the members are written as they come, then put in order. */
        private void object(JsonParser parser) {
            put('{');
            int start = length;
            List<Member> members = new ArrayList<>();
            boolean ordered = true;
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String key = parser.currentName();
                int from = length;
                char[] chars = key.toCharArray();
                quote(chars, 0, chars.length);
                put(':');
                parser.nextToken();
                value(parser);
                put(',');
                if (!members.isEmpty() && members.get(members.size() - 1).key().compareTo(key) >= 0) {
                    ordered = false;
                }
                members.add(new Member(key, from, length));
            }
            if (!ordered) {
                reorder(start, members);
            }
            put('}');
        }

        /** Rewrites the members from {@code start} sorted by key, each key once with its last value. */
        private void reorder(int start, List<Member> members) {
            byte[] written = Arrays.copyOfRange(bytes, start, length);
            List<Member> sorted = new ArrayList<>(members);
            sorted.sort(BY_KEY); // stable: of a key given twice, the later member comes last
            length = start;
            for (int i = 0; i < sorted.size(); i++) {
                Member member = sorted.get(i);
                if (i + 1 < sorted.size() && sorted.get(i + 1).key().equals(member.key())) {
                    continue;
                }
                System.arraycopy(written, member.from() - start, bytes, length, member.to() - member.from());
                length += member.to() - member.from();
            }
        }

        /** A string with its length (in UTF-16 chars) first, so that no content can pass for structure. */
        private void quote(char[] chars, int offset, int count) {
            ascii(Integer.toString(count));
            put('"');
            ensure(count * 3);
            for (int i = offset; i < offset + count; i++) {
                char c = chars[i];
                if (c < 0x80) {
                    bytes[length++] = (byte) c;
                } else {
                    // what String.getBytes(UTF_8) writes, surrogate pairs and lone surrogates ('?') included
                    byte[] encoded = new String(chars, i, offset + count - i).getBytes(StandardCharsets.UTF_8);
                    ensure(encoded.length);
                    System.arraycopy(encoded, 0, bytes, length, encoded.length);
                    length += encoded.length;
                    return;
                }
            }
        }

        private void ascii(String text) {
            ensure(text.length());
            for (int i = 0; i < text.length(); i++) {
                bytes[length++] = (byte) text.charAt(i);
            }
        }

        private void put(char c) {
            ensure(1);
            bytes[length++] = (byte) c;
        }

        private void ensure(int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + more));
            }
        }
    }
}
